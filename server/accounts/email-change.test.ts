import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cheapTestPasswordHash,
  createTestApp,
  seedAccount,
  TEST_ORIGIN,
  TEST_PASSWORD,
  type TestApp,
} from "../test-support/test-app.js";
import { testDialects } from "../test-support/test-database.js";

const json = { origin: TEST_ORIGIN, "content-type": "application/json" };

for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`changing one's own email on ${dialect.name}`, () => {
    let t: TestApp;
    let cookie: string;

    beforeAll(async () => {
      t = await createTestApp({ database: await dialect.create(), cheapPasswords: true });
      for (const email of ["editor@example.org", "Taken@Example.org"]) {
        await seedAccount(t.database.handle.db, {
          email,
          role: "editor",
          passwordHash: await cheapTestPasswordHash(),
        });
      }
      cookie = await t.login("editor@example.org");
    }, 30_000);
    afterAll(async () => {
      await t.close();
      await t.database.cleanup();
    });

    const change = (payload: object) =>
      t.app.inject({
        method: "POST",
        url: "/api/account/email",
        headers: { ...json, cookie },
        payload,
      });
    /** The signed-in editor's address as stored. */
    const emailNow = async () => {
      const { user } = (await t.app.inject({ url: "/api/session", headers: { cookie } })).json();
      const row = await t.database.handle.db
        .selectFrom("staff_accounts")
        .select("email")
        .where("id", "=", user.id)
        .executeTakeFirst();
      return row?.email;
    };

    it("asks for the password again: a wrong one is a 403 naming the field, nothing changes", async () => {
      const wrong = await change({ email: "new@example.org", currentPassword: "not it" });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().error).toMatchObject({
        code: "incorrect_password",
        fields: { currentPassword: "The current password is not right" },
      });
      const missing = await change({ email: "new@example.org" });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.fields).toHaveProperty("currentPassword");
      const bad = await change({ email: "not an address", currentPassword: TEST_PASSWORD });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toHaveProperty("email");
      expect(await emailNow()).toBe("editor@example.org");
      const audited = await t.database.handle.db
        .selectFrom("audit_log")
        .select("action")
        .where("action", "=", "account.email")
        .execute();
      expect(audited).toEqual([]);
    });

    it("keeps addresses unique in any case: 409 on a clash, nothing changes", async () => {
      for (const email of ["taken@example.org", "TAKEN@EXAMPLE.ORG"]) {
        const clash = await change({ email, currentPassword: TEST_PASSWORD });
        expect(clash.statusCode, email).toBe(409);
        expect(clash.json().error.fields).toEqual({
          email: "Another account already signs in with this email",
        });
      }
      expect(await emailNow()).toBe("editor@example.org");
    });

    it("changes it (also one's own in another case); the new address signs in, the old does not", async () => {
      const changed = await change({
        email: "  Renamed@Example.org ",
        currentPassword: TEST_PASSWORD,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ email: "Renamed@Example.org", role: "editor" });
      const session = await t.app.inject({ url: "/api/session", headers: { cookie } });
      expect(session.json().user).toMatchObject({ email: "Renamed@Example.org" });
      await t.login("renamed@example.org");
      await expect(t.login("editor@example.org")).rejects.toThrow(/401/);
      const recased = await change({
        email: "renamed@example.org",
        currentPassword: TEST_PASSWORD,
      });
      expect(recased.statusCode).toBe(200);
      expect(await emailNow()).toBe("renamed@example.org");
    });
  });
}
