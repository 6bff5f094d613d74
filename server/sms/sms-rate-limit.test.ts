import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../test-support/test-app.js";
import { testDialects } from "../test-support/test-database.js";

// SMS_RATE_LIMIT: opt-ins per client address per 10 minutes, counted in the database after
// validation (docs/product.md sections 10 and 13).
for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`SMS opt-in rate limit on ${dialect.name}`, () => {
    let testApp: TestApp | undefined;
    let now = 0;
    afterEach(async () => {
      await testApp?.close();
      await testApp?.database.cleanup();
      testApp = undefined;
    });

    async function start(env: Record<string, string> = {}) {
      now = Date.parse("2025-06-01T12:00:00.000Z");
      testApp = await createTestApp({
        database: await dialect.create(),
        env,
        deps: { clock: () => now },
      });
      return testApp;
    }

    function optIn(app: TestApp, phone: unknown, remoteAddress = "203.0.113.5") {
      return app.app.inject({
        method: "POST",
        url: "/api/sms/subscriptions",
        headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
        payload: JSON.stringify({ phone }),
        remoteAddress,
      });
    }

    const number = (index: number) => `206555${String(index).padStart(4, "0")}`;
    const rows = (app: TestApp) =>
      app.database.handle.db.selectFrom("sms_subscribers").select("phone").execute();

    it("admits 5 opt-ins per address per 10 minutes by default, then 429 with Retry-After", async () => {
      const app = await start();
      for (let i = 0; i < 5; i += 1) expect((await optIn(app, number(i))).statusCode).toBe(201);
      const refused = await optIn(app, number(5));
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBe(600);
      expect((refused.json() as { error: { code: string } }).error.code).toBe("too_many_requests");
      expect(await rows(app)).toHaveLength(5);
      // Another address has its own count; the first is admitted again once the window passed.
      expect((await optIn(app, number(6), "198.51.100.9")).statusCode).toBe(201);
      now += 10 * 60 * 1000 + 1;
      expect((await optIn(app, number(7))).statusCode).toBe(201);
    });

    it("200 numbers posted at once from one address store at most the limit", async () => {
      const app = await start({ SMS_RATE_LIMIT: "5" });
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_unused, i) => optIn(app, number(i))),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status !== 201 && status !== 429)).toEqual([]);
      const admitted = statuses.filter((status) => status === 201).length;
      // Record-then-count: a flood can only be refused more, never admitted beyond the limit.
      expect(admitted).toBeLessThanOrEqual(5);
      expect(await rows(app)).toHaveLength(admitted);
    });

    it("counts only requests that passed validation, and 0 turns the limit off", async () => {
      const app = await start({ SMS_RATE_LIMIT: "2" });
      for (let i = 0; i < 10; i += 1) expect((await optIn(app, "555-0100")).statusCode).toBe(400);
      expect((await optIn(app, number(1))).statusCode).toBe(201);
      expect((await optIn(app, number(2))).statusCode).toBe(201);
      expect((await optIn(app, number(3))).statusCode).toBe(429);
      await testApp?.close();
      await testApp?.database.cleanup();

      const unlimited = await start({ SMS_RATE_LIMIT: "0" });
      for (let i = 0; i < 12; i += 1)
        expect((await optIn(unlimited, number(i))).statusCode).toBe(201);
    });
  });
}
