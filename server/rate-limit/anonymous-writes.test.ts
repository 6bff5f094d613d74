import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../test-support/test-app.js";
import { testDialects } from "../test-support/test-database.js";

const json = { origin: TEST_ORIGIN, "content-type": "application/json" };
const form = { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" };
const LIMIT = 20;

/**
 * Requests without a session that store a row count in one per-address limit (design 6d):
 * passkey sign-in challenges and refused no-JavaScript form posts kept for redisplay; 429 with
 * Retry-After after 20 in 10 minutes, and nothing more is stored. Valid messages and opt-ins
 * keep their own limits; other addresses are untouched.
 */
for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`anonymous writes on ${dialect.name}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        database: await dialect.create(),
        env: { CONTACT_RATE_LIMIT: "0", SMS_RATE_LIMIT: "0" },
      });
    }, 30_000);
    afterAll(async () => {
      await t.close();
      await t.database.cleanup();
    });

    const passkeyOptions = (remoteAddress: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/session/passkey/options",
        headers: json,
        payload: {},
        remoteAddress,
      });
    const refusedContact = (remoteAddress: string, page = "/contact-desktop") =>
      t.app.inject({
        method: "POST",
        url: page,
        headers: form,
        // An address that is not one: refused, the typed message kept to be shown again.
        payload: new URLSearchParams({
          email: "not-an-address",
          message: "x".repeat(4000),
        }).toString(),
        remoteAddress,
      });
    const refusedOptIn = (remoteAddress: string) =>
      t.app.inject({
        method: "POST",
        url: "/sms-opt-in",
        headers: form,
        payload: "phone=12",
        remoteAddress,
      });
    const rows = async () => ({
      challenges: (
        await t.database.handle.db.selectFrom("staff_auth_challenges").select("id_hash").execute()
      ).length,
      outcomes: (await t.database.handle.db.selectFrom("form_outcomes").select("id_hash").execute())
        .length,
    });

    it("stores at most 20 passkey challenges per address in 10 minutes, then 429 with Retry-After", async () => {
      const address = "203.0.113.71";
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 3; i += 1)
        statuses.push((await passkeyOptions(address)).statusCode);
      expect(statuses).toEqual([...Array(LIMIT).fill(200), 429, 429, 429]);
      const refused = await passkeyOptions(address);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(500);
      expect(refused.json().error.code).toBe("too_many_requests");
      expect((await rows()).challenges).toBe(LIMIT);
      // Another address is untouched.
      expect((await passkeyOptions("203.0.113.72")).statusCode).toBe(200);
    });

    it("counts refused form posts kept for redisplay in the same limit; valid ones keep their own", async () => {
      const address = "2001:db8:71::1";
      const before = await rows();
      for (let i = 0; i < 8; i += 1) {
        expect((await passkeyOptions(`2001:db8:71::${i + 2}`)).statusCode).toBe(200);
      }
      for (let i = 0; i < 6; i += 1) {
        expect(
          (await refusedContact(address, i % 2 ? "/contact-mobile" : "/contact-desktop"))
            .statusCode,
        ).toBe(303);
        expect((await refusedOptIn(address)).statusCode).toBe(303);
      }
      const over = await refusedContact(address);
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
      expect(over.headers["content-type"]).toMatch(/^text\/html/);
      expect(over.headers["content-security-policy"]).toBeDefined();
      expect(over.body).not.toContain("not-an-address");
      expect((await refusedOptIn("2001:db8:71:0:ffff::9")).statusCode).toBe(429);
      expect((await passkeyOptions(address)).statusCode).toBe(429);
      const after = await rows();
      expect(after.outcomes - before.outcomes).toBe(12);
      expect(after.challenges - before.challenges).toBe(8);

      // A valid message from the same address is not an anonymous write refused here.
      const valid = await t.app.inject({
        method: "POST",
        url: "/contact-desktop",
        headers: form,
        payload: new URLSearchParams({ email: "sam@example.org", message: "Hello" }).toString(),
        remoteAddress: address,
      });
      expect(valid.statusCode).toBe(303);
      expect((await refusedContact("2001:db8:72::1")).statusCode).toBe(303);
    });
  });
}
