import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDialects, type TestDatabase } from "../test-support/test-database.js";
import type { ConsentRecord } from "./sms-consent-changes.js";
import { createSmsRepository, type SmsRepository } from "./sms-repository.js";

function consent(overrides: Partial<ConsentRecord> = {}): ConsentRecord {
  return {
    phone: "+12065550100",
    consentText: "I agree",
    consentVersion: "v1",
    source: "/sms-opt-in",
    clientAddress: "203.0.113.5",
    userAgent: "UA",
    ...overrides,
  };
}

for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`SMS subscribers on ${dialect.name}`, () => {
    let database: TestDatabase;
    let repository: SmsRepository;
    let now: number;

    beforeEach(async () => {
      database = await dialect.create();
      now = Date.parse("2025-06-01T00:00:00.000Z");
      repository = createSmsRepository(database.handle.db, () => now);
    });
    afterEach(async () => {
      await database.cleanup();
    });
    const all = async () => (await repository.list({ limit: 500 })).subscribers;

    it("inserts a new number, then refreshes the consent of the same one", async () => {
      const first = await repository.subscribe(consent());
      expect(first.created).toBe(true);
      expect(first.subscriber).toMatchObject({
        phone: "+12065550100",
        status: "subscribed",
        consentText: "I agree",
        consentVersion: "v1",
        consentedAt: "2025-06-01T00:00:00.000Z",
        createdAt: "2025-06-01T00:00:00.000Z",
      });
      now += 1000;
      const second = await repository.subscribe(
        consent({ consentVersion: "v2", userAgent: "UA2" }),
      );
      expect(second.created).toBe(false);
      expect(second.subscriber).toMatchObject({
        id: first.subscriber.id,
        consentVersion: "v2",
        userAgent: "UA2",
        consentedAt: "2025-06-01T00:00:01.000Z",
        createdAt: "2025-06-01T00:00:00.000Z",
      });
      expect(await all()).toHaveLength(1);
    });

    it("the same number from many connections at once: one row, exactly one 'created'", async () => {
      // One process holds one SQLite connection (better-sqlite3 waits for a lock synchronously,
      // so two connections in one process would wait on each other); PostgreSQL gets five.
      const others =
        dialect.name === "sqlite"
          ? [repository, repository, repository, repository, repository]
          : Array.from({ length: 5 }, () =>
              createSmsRepository(database.openAnother().db, () => now),
            );
      const results = await Promise.all(
        others.flatMap((other) => [other.subscribe(consent()), other.subscribe(consent())]),
      );
      expect(results.filter((result) => result.created)).toHaveLength(1);
      expect(await all()).toHaveLength(1);
    });

    it("unsubscribes and resubscribes known numbers only, never deleting", async () => {
      await repository.subscribe(consent());
      now += 1000;
      expect(await repository.unsubscribe("+12065550100")).toBe(true);
      expect(await repository.get("+12065550100")).toMatchObject({
        status: "unsubscribed",
        unsubscribedAt: "2025-06-01T00:00:01.000Z",
      });
      expect(await repository.resubscribe("+12065550100")).toBe(true);
      expect(await repository.get("+12065550100")).toMatchObject({
        status: "subscribed",
        unsubscribedAt: null,
      });
      expect(await repository.unsubscribe("+19995550100")).toBe(false);
      expect(await repository.resubscribe("+19995550100")).toBe(false);
      expect(await all()).toHaveLength(1);
    });

    it("lists the latest consent first", async () => {
      await repository.subscribe(consent({ phone: "+12065550100" }));
      now += 1000;
      await repository.subscribe(consent({ phone: "+12065550101" }));
      expect((await all()).map((s) => s.phone)).toEqual(["+12065550101", "+12065550100"]);
    });

    it("pages through the list with a cursor, counting every subscriber", async () => {
      const phones = [
        "+12065550100",
        "+12065550101",
        "+12065550102",
        "+12065550103",
        "+12065550104",
      ];
      for (const [index, phone] of phones.entries()) {
        await repository.subscribe(consent({ phone }));
        if (index !== 2) now += 1000; // two share a time: the id breaks the tie
      }
      await repository.unsubscribe("+12065550100");
      const first = await repository.list({ limit: 2 });
      expect(first.counts).toEqual({ subscribed: 4, unsubscribed: 1 });
      expect(first.subscribers.map((s) => s.phone)).toHaveLength(2);
      const second = await repository.list({ limit: 2, before: first.nextBefore! });
      const third = await repository.list({ limit: 2, before: second.nextBefore! });
      expect(third.nextBefore).toBeNull();
      const seen = [...first.subscribers, ...second.subscribers, ...third.subscribers];
      expect(seen.map((s) => s.phone).sort()).toEqual(phones);
      const streamed: string[] = [];
      for await (const subscriber of repository.each(2)) streamed.push(subscriber.phone);
      expect(streamed).toEqual(seen.map((s) => s.phone));
    });

    it("a STOP stands against the web form until START, and every step is in the history", async () => {
      const phone = "+12065550100";
      const first = await repository.subscribe(consent());
      now += 1000;
      await repository.unsubscribe(phone);
      now += 1000;
      const again = await repository.subscribe(
        consent({ consentVersion: "v2", clientAddress: "198.51.100.7" }),
      );
      expect(again.created).toBe(false);
      // Still unsubscribed; the first consent record and the opt-out time are untouched.
      expect(again.subscriber).toMatchObject({
        status: "unsubscribed",
        unsubscribedAt: "2025-06-01T00:00:01.000Z",
        consentVersion: "v1",
        consentedAt: first.subscriber.consentedAt,
      });
      now += 1000;
      expect(await repository.resubscribe(phone)).toBe(true);
      expect((await repository.get(phone))?.status).toBe("subscribed");
      const history = await repository.history(phone);
      expect(
        history.map((event) => [event.kind, event.channel, event.statusAfter, event.occurredAt]),
      ).toEqual([
        ["opt_in", "web", "subscribed", "2025-06-01T00:00:00.000Z"],
        ["stop", "sms", "unsubscribed", "2025-06-01T00:00:01.000Z"],
        ["opt_in", "web", "unsubscribed", "2025-06-01T00:00:02.000Z"],
        ["start", "sms", "subscribed", "2025-06-01T00:00:03.000Z"],
      ]);
      // The refused web request is recorded with what it said and where it came from.
      expect(history[2]).toMatchObject({
        consentVersion: "v2",
        consentText: "I agree",
        source: "/sms-opt-in",
        clientAddress: "198.51.100.7",
      });
    });

    it("reads the whole history page by page, oldest first", async () => {
      for (const phone of ["+12065550100", "+12065550101", "+12065550102"]) {
        await repository.subscribe(consent({ phone }));
        await repository.unsubscribe(phone); // same millisecond: write order is kept
        now += 1000;
      }
      const events: string[] = [];
      for await (const event of repository.eachEvent(2))
        events.push(`${event.phone} ${event.kind}`);
      expect(events).toEqual([
        "+12065550100 opt_in",
        "+12065550100 stop",
        "+12065550101 opt_in",
        "+12065550101 stop",
        "+12065550102 opt_in",
        "+12065550102 stop",
      ]);
    });

    it("a number that texted STOP before ever using the form starts out unsubscribed", async () => {
      const phone = "+12065550199";
      expect(await repository.unsubscribe(phone)).toBe(false);
      now += 1000;
      const result = await repository.subscribe(consent({ phone }));
      expect(result.created).toBe(true);
      expect(result.subscriber).toMatchObject({
        status: "unsubscribed",
        unsubscribedAt: "2025-06-01T00:00:00.000Z",
      });
      now += 1000;
      await repository.resubscribe(phone);
      expect((await repository.get(phone))?.status).toBe("subscribed");
      expect((await repository.history(phone)).map((event) => event.statusAfter)).toEqual([
        "none",
        "unsubscribed",
        "subscribed",
      ]);
    });
  });
}
