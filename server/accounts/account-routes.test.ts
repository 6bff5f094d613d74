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
import type { StaffListItem } from "./account-routes.js";

const json = { origin: TEST_ORIGIN, "content-type": "application/json" };
const NEW_PASSWORD = "a long unusual passphrase";

for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`staff accounts and your own on ${dialect.name}`, () => {
    let t: TestApp;
    let owner: string;
    let admin: string;

    beforeAll(async () => {
      t = await createTestApp({ database: await dialect.create(), cheapPasswords: true });
      for (const [email, role] of [
        ["admin@example.org", "administrator"],
        ["editor@example.org", "editor"],
        ["contributor@example.org", "contributor"],
      ] as const) {
        await seedAccount(t.database.handle.db, {
          email,
          role,
          name: role,
          passwordHash: await cheapTestPasswordHash(),
        });
      }
      owner = await t.login();
      admin = await t.login("admin@example.org");
    }, 30_000);
    afterAll(async () => {
      await t.close();
      await t.database.cleanup();
    });

    const call = (
      method: "GET" | "PATCH" | "POST" | "DELETE",
      url: string,
      cookie?: string,
      payload?: object,
    ) =>
      t.app.inject({
        method,
        url,
        headers: { ...json, ...(cookie ? { cookie } : {}) },
        ...(payload ? { payload } : {}),
      });
    const staff = async () => (await call("GET", "/api/staff", admin)).json() as StaffListItem[];
    const idOf = async (email: string) => (await staff()).find((a) => a.email === email)!.id;

    it("lists every account, the owner first", async () => {
      expect((await staff()).map(({ email, role, state }) => ({ email, role, state }))).toEqual([
        { email: "owner@example.org", role: "owner", state: "active" },
        { email: "admin@example.org", role: "administrator", state: "active" },
        { email: "contributor@example.org", role: "contributor", state: "active" },
        { email: "editor@example.org", role: "editor", state: "active" },
      ]);
    });

    it("changes a role; never the owner's, nor one's own, nor to owner", async () => {
      const editor = await idOf("editor@example.org");
      const changed = await call("PATCH", `/api/staff/${editor}`, admin, { role: "contributor" });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ role: "contributor" });
      const cookie = await t.login("editor@example.org");
      expect((await call("GET", "/api/admin/messages", cookie)).statusCode).toBe(403);
      await call("PATCH", `/api/staff/${editor}`, admin, { role: "editor" });

      const ownerId = await idOf("owner@example.org");
      for (const patch of [{ role: "editor" }, { active: false }]) {
        expect((await call("PATCH", `/api/staff/${ownerId}`, admin, patch)).statusCode).toBe(409);
      }
      expect((await call("DELETE", `/api/staff/${ownerId}`, admin)).statusCode).toBe(409);
      const self = await call("PATCH", `/api/staff/${await idOf("admin@example.org")}`, admin, {
        role: "editor",
      });
      expect(self.statusCode).toBe(409);
      expect(
        (await call("PATCH", `/api/staff/${editor}`, admin, { role: "owner" })).statusCode,
      ).toBe(400);
      expect((await call("PATCH", `/api/staff/${editor}`, admin, {})).statusCode).toBe(400);
      expect(
        (
          await call("PATCH", "/api/staff/00000000-0000-4000-8000-000000000000", admin, {
            active: false,
          })
        ).statusCode,
      ).toBe(404);
      // The owner is still the owner, and one.
      expect((await staff()).filter((a) => a.role === "owner")).toHaveLength(1);
    });

    it("deactivates (sessions end, sign-in refused), reactivates, and removes", async () => {
      const contributor = await idOf("contributor@example.org");
      const session = await t.login("contributor@example.org");
      await call("PATCH", `/api/staff/${contributor}`, owner, { active: false });
      expect((await call("GET", "/api/session", session)).statusCode).toBe(401);
      const refused = await call("POST", "/api/session", undefined, {
        email: "contributor@example.org",
        password: TEST_PASSWORD,
      });
      expect(refused.statusCode).toBe(401);
      await call("PATCH", `/api/staff/${contributor}`, owner, { active: true });
      await t.login("contributor@example.org");

      expect((await call("DELETE", `/api/staff/${contributor}`, owner)).statusCode).toBe(204);
      expect((await staff()).map((a) => a.email)).not.toContain("contributor@example.org");
      expect((await call("DELETE", `/api/staff/${contributor}`, owner)).statusCode).toBe(404);
    });

    it("lets each person rename themselves and change their password with the current one", async () => {
      const mine = await t.login("editor@example.org");
      const other = await t.login("editor@example.org");
      const renamed = await call("PATCH", "/api/account", mine, { name: "Eddie" });
      expect(renamed.json()).toMatchObject({ name: "Eddie", role: "editor" });

      const change = (currentPassword: string, newPassword: string) =>
        call("POST", "/api/account/password", mine, { currentPassword, newPassword });
      const wrong = await change("not it", NEW_PASSWORD);
      // Asked again for the password: a wrong one is refused (403), naming the field.
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().error.fields).toEqual({
        currentPassword: "The current password is not right",
      });
      expect((await change(TEST_PASSWORD, "password1234!")).statusCode).toBe(400);
      expect((await change(TEST_PASSWORD, NEW_PASSWORD)).statusCode).toBe(204);
      // This session stays; the other one, and the old password, are done.
      expect((await call("GET", "/api/session", mine)).statusCode).toBe(200);
      expect((await call("GET", "/api/session", other)).statusCode).toBe(401);
      await t.login("editor@example.org", NEW_PASSWORD);

      expect((await call("DELETE", "/api/account/sessions", mine)).statusCode).toBe(204);
      expect((await call("GET", "/api/session", mine)).statusCode).toBe(401);
    });
  });
}
