import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cheapTestPasswordHash,
  createTestApp,
  seedAccount,
  TEST_ORIGIN,
  type TestApp,
} from "../test-support/test-app.js";
import { testDialects } from "../test-support/test-database.js";

const json = { origin: TEST_ORIGIN, "content-type": "application/json" };
const PASSWORD = "a long unusual passphrase";

/**
 * An invitation records who sent it and is withdrawn (410, like a used one) when its sender is
 * deactivated, removed or made less than an administrator (design 6d); the Staff page's list
 * names the sender.
 */
for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`invitations and their senders on ${dialect.name}`, () => {
    let t: TestApp;
    let owner: string;

    beforeAll(async () => {
      t = await createTestApp({ database: await dialect.create(), cheapPasswords: true });
      owner = await t.login();
    }, 30_000);
    afterAll(async () => {
      await t.close();
      await t.database.cleanup();
    });

    const call = (
      method: "GET" | "POST" | "PATCH" | "DELETE",
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
    /** A fresh administrator, signed in: its id and cookie. */
    const administrator = async (email: string) => {
      await seedAccount(t.database.handle.db, {
        email,
        name: `Admin ${email.split("@")[0]}`,
        role: "administrator",
        passwordHash: await cheapTestPasswordHash(),
      });
      const cookie = await t.login(email);
      const { user } = (await call("GET", "/api/session", cookie)).json();
      return { id: user.id as string, cookie };
    };
    /** Invites `email` as `cookie` and returns the token of the link the queued mail carries. */
    const invite = async (cookie: string, email: string, role = "editor") => {
      const answer = await call("POST", "/api/staff/invitations", cookie, { email, role });
      expect(answer.statusCode, answer.body).toBe(201);
      const mail = await t.database.handle.db
        .selectFrom("staff_mail")
        .select("body")
        .where("to_email", "=", email)
        .orderBy("created_at", "desc")
        .executeTakeFirstOrThrow();
      return /\/admin\/invitation\/([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    };
    const accept = (token: string) =>
      call("POST", `/api/invitations/${token}`, undefined, {
        name: "Newcomer",
        password: PASSWORD,
      });
    const expectWithdrawn = async (token: string) => {
      expect((await call("GET", `/api/invitations/${token}`)).statusCode).toBe(410);
      const refused = await accept(token);
      expect(refused.statusCode).toBe(410);
      expect(refused.json().error.code).toBe("gone");
    };

    it("lists each pending invitation with its sender", async () => {
      const admin = await administrator("lister@example.org");
      await invite(admin.cookie, "listed@example.org", "contributor");
      const pending = (await call("GET", "/api/staff/invitations", owner)).json() as Array<{
        email: string;
        sentBy: { id: string; name: string } | null;
      }>;
      expect(pending.find((item) => item.email === "listed@example.org")?.sentBy).toEqual({
        id: admin.id,
        name: "Admin lister",
      });
    });

    it("withdraws a deactivated administrator's invitations, for good", async () => {
      const admin = await administrator("deactivated@example.org");
      const token = await invite(admin.cookie, "from-deactivated@example.org", "administrator");
      const ownToken = await invite(owner, "from-owner@example.org");
      expect(
        (await call("PATCH", `/api/staff/${admin.id}`, owner, { active: false })).statusCode,
      ).toBe(200);
      await expectWithdrawn(token);
      const pending = (await call("GET", "/api/staff/invitations", owner)).json() as Array<{
        email: string;
      }>;
      expect(pending.map((item) => item.email)).not.toContain("from-deactivated@example.org");
      // Reactivated, the sender does not bring the invitation back; the owner's stays.
      expect(
        (await call("PATCH", `/api/staff/${admin.id}`, owner, { active: true })).statusCode,
      ).toBe(200);
      await expectWithdrawn(token);
      expect((await accept(ownToken)).statusCode).toBe(201);
    });

    it("withdraws the invitations of an administrator made editor, and of one removed", async () => {
      const demoted = await administrator("demoted@example.org");
      const removed = await administrator("removed@example.org");
      const kept = await administrator("kept@example.org");
      const fromDemoted = await invite(demoted.cookie, "from-demoted@example.org");
      const fromRemoved = await invite(removed.cookie, "from-removed@example.org");
      const fromKept = await invite(kept.cookie, "from-kept@example.org");
      expect(
        (await call("PATCH", `/api/staff/${demoted.id}`, owner, { role: "editor" })).statusCode,
      ).toBe(200);
      expect((await call("DELETE", `/api/staff/${removed.id}`, owner)).statusCode).toBe(204);
      await expectWithdrawn(fromDemoted);
      await expectWithdrawn(fromRemoved);
      // Promoted again, the sender does not bring it back; another administrator's still works.
      expect(
        (await call("PATCH", `/api/staff/${demoted.id}`, owner, { role: "administrator" }))
          .statusCode,
      ).toBe(200);
      await expectWithdrawn(fromDemoted);
      const accepted = await accept(fromKept);
      expect(accepted.statusCode, accepted.body).toBe(201);
    });

    it("checks the sender at use too: a sender changed outside the Staff page withdraws it", async () => {
      const admin = await administrator("outside@example.org");
      const token = await invite(admin.cookie, "from-outside@example.org", "administrator");
      await t.database.handle.db
        .updateTable("staff_accounts")
        .set({ state: "deactivated" })
        .where("id", "=", admin.id)
        .execute();
      await expectWithdrawn(token);
      const made = await t.database.handle.db
        .selectFrom("staff_accounts")
        .select("id")
        .where("email_key", "=", "from-outside@example.org")
        .executeTakeFirst();
      expect(made).toBeUndefined();
    });
  });
}
