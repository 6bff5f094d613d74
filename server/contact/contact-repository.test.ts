import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDialects, type TestDatabase } from "../test-support/test-database.js";
import {
  createContactRepository,
  type ContactRepository,
  type NewContactMessage,
} from "./contact-repository.js";

function input(overrides: Partial<NewContactMessage> = {}): NewContactMessage {
  return {
    firstName: "Avery",
    lastName: "Quill",
    email: "avery@example.org",
    message: "Hello",
    spamReason: null,
    ...overrides,
  };
}

const TTL = 60_000;

for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`contact repository on ${dialect.name}`, () => {
    let database: TestDatabase;
    let repository: ContactRepository;
    let now: number;

    beforeEach(async () => {
      database = await dialect.create();
      now = Date.parse("2025-06-01T00:00:00.000Z");
      repository = createContactRepository(database.handle.db, database.handle.dialect, () => now);
    });
    afterEach(async () => {
      await database.cleanup();
    });

    it("stores a message as pending and due now, and reads it back", async () => {
      const id = await repository.insert(input());
      expect(await repository.get(id)).toEqual({
        id,
        firstName: "Avery",
        lastName: "Quill",
        email: "avery@example.org",
        message: "Hello",
        course: null,
        createdAt: "2025-06-01T00:00:00.000Z",
        status: "pending",
        spamReason: null,
        attempts: 0,
        lastError: null,
        nextAttemptAt: "2025-06-01T00:00:00.000Z",
        deliveredAt: null,
      });
    });

    it("keeps the course an Inquire asked about, for the inbox and the outbox", async () => {
      const id = await repository.insert(input({ course: "AI for Everyone" }));
      expect((await repository.get(id))?.course).toBe("AI for Everyone");
      const [claimed] = await repository.claimDue(10, 60_000);
      expect(claimed).toMatchObject({ id, course: "AI for Everyone" });
    });

    it("lists newest first in pages", async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        ids.push(await repository.insert(input({ message: `m${i}` })));
        now += i === 2 ? 0 : 1000; // two share a time: the id breaks the tie
      }
      const first = await repository.list({ limit: 2 });
      expect(first.messages[0]?.message).toBe("m4");
      expect(["m3", "m2"]).toContain(first.messages[1]?.message); // m2 and m3 share a time
      expect(first.nextBefore).not.toBeNull();
      const second = await repository.list({ limit: 2, before: first.nextBefore! });
      const third = await repository.list({ limit: 2, before: second.nextBefore! });
      expect(third.nextBefore).toBeNull();
      const all = [...first.messages, ...second.messages, ...third.messages].map((m) => m.id);
      expect(new Set(all)).toEqual(new Set(ids));
      expect(all).toHaveLength(5);
    });

    it("claims due rows once: a second claim gets nothing until the first lapses", async () => {
      const id = await repository.insert(input());
      const claimed = await repository.claimDue(10, TTL);
      expect(claimed.map((row) => row.id)).toEqual([id]);
      expect(await repository.claimDue(10, TTL)).toEqual([]);
      now += TTL + 1;
      const again = await repository.claimDue(10, TTL);
      expect(again.map((row) => row.id)).toEqual([id]);
      // The lapsed claim can no longer finish the row; the live one can, once.
      expect(await repository.markSent(id, claimed[0]!.claim)).toBe(false);
      expect(await repository.markSent(id, again[0]!.claim)).toBe(true);
      expect(await repository.markSent(id, again[0]!.claim)).toBe(false);
      expect((await repository.get(id))?.status).toBe("sent");
      now += TTL * 10;
      expect(await repository.claimDue(10, TTL)).toEqual([]);
    });

    it("many concurrent claimers on separate connections never share a row", async () => {
      for (let i = 0; i < 60; i += 1) await repository.insert(input({ message: `m${i}` }));
      const others = Array.from({ length: 6 }, () =>
        createContactRepository(database.openAnother().db, database.handle.dialect, () => now),
      );
      const results = await Promise.all(
        others.flatMap((other) => [other.claimDue(7, TTL), other.claimDue(7, TTL)]),
      );
      const claimedIds = results.flat().map((row) => row.id);
      expect(new Set(claimedIds).size).toBe(claimedIds.length);
    });

    it("claim tokens are fixed-size random ids, and renewing keeps a claim past its first lapse", async () => {
      const sent = await repository.insert(input({ message: "sent" }));
      const kept = await repository.insert(input({ message: "kept" }));
      const claimed = await repository.claimDue(10, TTL);
      expect(claimed).toHaveLength(2);
      const claim = claimed[0]!.claim;
      // One token per claim, the same length whatever the host name (it used to embed it).
      expect(claim).toMatch(/^[0-9a-f-]{36}$/);
      expect(claimed.every((row) => row.claim === claim)).toBe(true);
      expect(await repository.markSent(sent, claim)).toBe(true);
      now += TTL - 1000;
      expect(await repository.renew(claim, TTL)).toBe(1); // the sent row is no longer held
      now += 2000; // past the first lapse
      expect(await repository.claimDue(10, TTL)).toEqual([]);
      expect(await repository.markSent(kept, claim)).toBe(true);
      expect(await repository.renew(claim, TTL)).toBe(0);
    });

    it("does not claim spam, rows not yet due, or sent rows", async () => {
      await repository.insert(input({ spamReason: "honeypot" }));
      const later = await repository.insert(input());
      const claim = (await repository.claimDue(10, TTL))[0]!;
      expect(claim.id).toBe(later);
      await repository.markFailed(
        later,
        claim.claim,
        "ECONNREFUSED",
        new Date(now + 10_000).toISOString(),
      );
      expect(await repository.claimDue(10, TTL)).toEqual([]);
      now += 10_000;
      const retry = await repository.claimDue(10, TTL);
      expect(retry.map((row) => row.attempts)).toEqual([1]);
    });

    it("records failed attempts with the error and the next time", async () => {
      const id = await repository.insert(input());
      const [claim] = await repository.claimDue(10, TTL);
      expect(
        await repository.markFailed(id, claim!.claim, "x".repeat(5000), "2025-06-01T00:00:10.000Z"),
      ).toBe(true);
      const record = await repository.get(id);
      expect(record).toMatchObject({
        status: "failed",
        attempts: 1,
        nextAttemptAt: "2025-06-01T00:00:10.000Z",
      });
      expect(record?.lastError).toHaveLength(1000);
    });

    it("retry now makes a failed message due at once; refuses sent and spam ones", async () => {
      const id = await repository.insert(input());
      const [claim] = await repository.claimDue(10, TTL);
      await repository.markFailed(id, claim!.claim, "down", "2025-06-01T00:05:00.000Z");
      now += 1000;
      const retried = await repository.retryNow(id);
      expect(retried).toMatchObject({
        outcome: "scheduled",
        record: { nextAttemptAt: "2025-06-01T00:00:01.000Z" },
      });
      expect((await repository.claimDue(10, TTL)).map((row) => row.id)).toEqual([id]);

      const spam = await repository.insert(input({ spamReason: "honeypot" }));
      expect(await repository.retryNow(spam)).toEqual({ outcome: "spam" });
      expect(await repository.retryNow("00000000-0000-4000-8000-000000000000")).toEqual({
        outcome: "not_found",
      });

      const sent = await repository.insert(input());
      const [sentClaim] = await repository.claimDue(10, TTL);
      await repository.markSent(sent, sentClaim!.claim);
      expect(await repository.retryNow(sent)).toEqual({ outcome: "already_sent" });
    });

    it("marks and unmarks spam; an unmarked message becomes deliverable", async () => {
      const id = await repository.insert(input({ spamReason: "honeypot" }));
      expect((await repository.get(id))?.status).toBe("spam");
      expect((await repository.get(id))?.spamReason).toBe("honeypot");
      expect(await repository.claimDue(10, TTL)).toEqual([]);
      const unmarked = await repository.setSpam(id, false);
      expect(unmarked).toMatchObject({ status: "pending", spamReason: null });
      const marked = await repository.setSpam(id, true);
      expect(marked).toMatchObject({ status: "spam", spamReason: "staff" });
      expect(
        await repository.setSpam("00000000-0000-4000-8000-000000000000", true),
      ).toBeUndefined();
    });

    it("release gives a claimed row back untouched", async () => {
      const id = await repository.insert(input());
      const [claim] = await repository.claimDue(10, TTL);
      await repository.release(id, claim!.claim);
      expect((await repository.claimDue(10, TTL)).map((row) => row.id)).toEqual([id]);
      expect((await repository.get(id))?.attempts).toBe(0);
    });
  });
}
