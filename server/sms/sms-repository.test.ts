import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDialects, type TestDatabase } from "../test-support/test-database.js";
import { createSmsRepository, type ConsentRecord, type SmsRepository } from "./sms-repository.js";

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
      expect(await repository.list()).toHaveLength(1);
    });

    it("the same number from many connections at once: one row, exactly one 'created'", async () => {
      const others = Array.from({ length: 5 }, () =>
        createSmsRepository(database.openAnother().db, () => now),
      );
      const results = await Promise.all(
        others.flatMap((other) => [other.subscribe(consent()), other.subscribe(consent())]),
      );
      expect(results.filter((result) => result.created)).toHaveLength(1);
      expect(await repository.list()).toHaveLength(1);
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
      expect(await repository.list()).toHaveLength(1);
    });

    it("lists the latest consent first", async () => {
      await repository.subscribe(consent({ phone: "+12065550100" }));
      now += 1000;
      await repository.subscribe(consent({ phone: "+12065550101" }));
      expect((await repository.list()).map((s) => s.phone)).toEqual([
        "+12065550101",
        "+12065550100",
      ]);
    });
  });
}
