import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_ACTIONS, type AuditAction, type AuditPage } from "../../common/audit.js";
import { createAccountRepository } from "../auth/account-repository.js";
import { startContentTestApp, type ContentTestApp } from "../content/test-collections.js";
import { drawnImage, multipartBody, MULTIPART_TYPE } from "../media/test-images.js";
import {
  cheapTestPasswordHash,
  createTestApp,
  seedAccount,
  sessionCookieFrom,
  TEST_EMAIL,
  TEST_ORIGIN,
  TEST_PASSWORD,
} from "../test-support/test-app.js";
import { testDialects, type TestDatabase } from "../test-support/test-database.js";
import { runResetFactorsCommand } from "../factors/reset-factors-cli.js";
import { totpCode } from "../factors/totp.js";
import {
  createSoftwareAuthenticator,
  type CeremonyOptions,
} from "../test-support/software-authenticator.js";

/** Every action this file has seen noted; the last test checks that none is left out. */
const seen = new Set<AuditAction>();

for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`the audit log on ${dialect.name}`, () => {
    let database: TestDatabase;
    let c: ContentTestApp;

    beforeAll(async () => {
      database = await dialect.create();
      c = await startContentTestApp(database, { MEDIA_RATE_LIMIT: "0" });
    }, 30_000);
    afterAll(async () => {
      await c.t.close();
      await database.cleanup();
    });

    const audit = async (query = "", cookie = c.cookie) => {
      const response = await c.t.app.inject({ url: `/api/audit${query}`, headers: { cookie } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as AuditPage;
    };
    const ok = async (
      method: "GET" | "POST" | "PUT" | "DELETE",
      url: string,
      payload?: unknown,
    ) => {
      const response = await c.request(method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
      return String(response.headers["content-type"]).startsWith("application/json")
        ? response.json()
        : {};
    };

    it("notes each staff action with its time, person, target and client address, newest first", async () => {
      // Signed in already (startContentTestApp); now a failed try with an unknown address.
      const failed = await c.t.app.inject({
        method: "POST",
        url: "/api/session",
        headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
        payload: { email: "Nobody@Example.org", password: "not the password" },
        remoteAddress: "203.0.113.9",
      });
      expect(failed.statusCode).toBe(401);

      // Content: create, save, publish, schedule and cancel it, discard the draft, reorder, restore,
      // delete.
      const created = (await ok("POST", "/api/content/courses", {
        data: { id: 20, title: "Course twenty", description: "New." },
      })) as { id: string; version: number };
      const saved = (await ok("PUT", `/api/content/courses/${created.id}`, {
        data: { id: 20, title: "Course twenty, saved", description: "New." },
        version: created.version,
      })) as { version: number };
      const published = (await ok("POST", `/api/content/courses/${created.id}/publish`, {
        version: saved.version,
      })) as { version: number };
      const redrafted = (await ok("PUT", `/api/content/courses/${created.id}`, {
        data: { id: 20, title: "Course twenty, later", description: "New." },
        version: published.version,
      })) as { version: number };
      const scheduled = (await ok("POST", `/api/content/courses/${created.id}/publish`, {
        version: redrafted.version,
        at: new Date(Date.now() + 3_600_000).toISOString(),
      })) as { version: number };
      await ok("DELETE", `/api/content/courses/${created.id}/schedule`);
      const unscheduled = (await ok("GET", `/api/content/courses/${created.id}`)) as {
        version: number;
      };
      await ok("POST", `/api/content/courses/${created.id}/draft/discard`, {
        version: unscheduled.version,
      });
      const list = (await ok("GET", "/api/content/courses")) as Array<{ id: string }>;
      await ok("PUT", "/api/content/courses/order", {
        ids: list.map((entry) => entry.id).reverse(),
      });
      const current = (await ok("GET", `/api/content/courses/${created.id}`)) as {
        version: number;
      };
      await ok("POST", `/api/content/courses/${created.id}/revisions/1/restore`, {
        version: current.version,
      });
      await ok("DELETE", `/api/content/courses/${created.id}`);
      expect(scheduled.version).toBeGreaterThan(0);

      // Updates.
      const update = (await ok("POST", "/api/updates", {
        type: "news",
        title: "Audited",
        summary: "An update for the audit log.",
        url: null,
        image_url: null,
        status: "draft",
        featured: false,
        published_at: "2026-01-01T10:00:00.000Z",
      })) as { id: string };
      const patched = await c.t.app.inject({
        method: "PATCH",
        url: `/api/updates/${update.id}`,
        headers: { origin: TEST_ORIGIN, "content-type": "application/json", cookie: c.cookie },
        payload: { title: "Audited again" },
      });
      expect(patched.statusCode).toBe(200);
      await ok("DELETE", `/api/updates/${update.id}`);

      // Media.
      const uploaded = await c.t.app.inject({
        method: "POST",
        url: "/api/media",
        headers: { origin: TEST_ORIGIN, cookie: c.cookie, "content-type": MULTIPART_TYPE },
        payload: multipartBody([
          { name: "alt", value: "Shapes" },
          {
            name: "file",
            filename: "shapes.png",
            type: "image/png",
            data: await drawnImage(40, 30, "png"),
          },
        ]),
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const image = uploaded.json() as { id: string };
      await ok("DELETE", `/api/media/${image.id}`);

      // Messages and exports.
      const contact = await c.t.app.inject({
        method: "POST",
        url: "/api/contact",
        headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
        payload: { firstName: "Sam", lastName: "Lee", email: "sam@example.org", message: "Hello" },
      });
      const messageId = (contact.json() as { id: string }).id;
      await ok("POST", `/api/admin/messages/${messageId}/retry`);
      await c.t.app.inject({
        method: "PATCH",
        url: `/api/admin/messages/${messageId}`,
        headers: { origin: TEST_ORIGIN, "content-type": "application/json", cookie: c.cookie },
        payload: { spam: true },
      });
      const redirect = (await ok("POST", "/api/redirects", { from: "/old", to: "/about" })) as {
        id: string;
      };
      await ok("DELETE", `/api/redirects/${redirect.id}`);
      await ok("GET", "/api/admin/sms/subscribers.csv");
      await ok("GET", "/api/admin/sms/consent-history.csv");
      const csv = await c.request("GET", "/api/audit.csv");
      expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(csv.body.split("\r\n")[0]).toBe("at,actor,action,target,detail,client_address");
      expect(csv.body).toContain("content.publish");

      const { entries } = await audit();
      const actions = entries.map((entry) => entry.action);
      expect(actions).toEqual([
        "audit.export",
        "consent-history.export",
        "subscribers.export",
        "redirect.delete",
        "redirect.create",
        "message.spam",
        "message.retry",
        "media.delete",
        "media.upload",
        "update.delete",
        "update.change",
        "update.create",
        "content.delete",
        "content.restore",
        "content.reorder",
        "content.discard",
        "content.unschedule",
        "content.schedule",
        "content.save",
        "content.publish",
        "content.save",
        "content.create",
        "sign-in.failed",
        "sign-in",
      ]);
      for (const action of actions) seen.add(action);

      const owner = await createAccountRepository(database.handle.db, Date.now).findByEmail(
        TEST_EMAIL,
      );
      const byAction = new Map(entries.map((entry) => [entry.action, entry]));
      expect(byAction.get("content.publish")).toMatchObject({
        accountId: owner!.id,
        actor: TEST_EMAIL,
        target: `courses/${created.id}`,
        clientAddress: "127.0.0.1",
      });
      expect(Date.parse(byAction.get("content.publish")!.at)).toBeGreaterThan(Date.now() - 60_000);
      // A created thing is named by its new id; a failed sign-in by the address tried.
      expect(byAction.get("update.create")?.target).toBe(update.id);
      expect(byAction.get("sign-in.failed")).toMatchObject({
        accountId: null,
        actor: "Nobody@Example.org",
        clientAddress: "203.0.113.9",
      });
    }, 60_000);

    it("pages newest first and filters by action and by part of the email", async () => {
      const first = await audit("?limit=2");
      expect(first.entries).toHaveLength(2);
      const second = await audit(`?limit=2&before=${encodeURIComponent(first.nextBefore!)}`);
      expect(second.entries[0]!.at <= first.entries[1]!.at).toBe(true);
      expect(second.entries.map((entry) => entry.id)).not.toContain(first.entries[1]!.id);

      const failures = await audit("?action=sign-in.failed");
      expect(failures.entries.map((entry) => entry.action)).toEqual(["sign-in.failed"]);
      // Any case, and % typed is a percent sign, not "anything".
      expect((await audit("?actor=NOBODY")).entries).toHaveLength(1);
      expect((await audit("?actor=%25")).entries).toHaveLength(0);

      const bad = await c.t.app.inject({
        url: "/api/audit?action=nonsense",
        headers: { cookie: c.cookie },
      });
      expect(bad.statusCode).toBe(400);
    });

    it("is read by the owner and administrators only; nothing refused is noted", async () => {
      for (const role of ["administrator", "editor", "contributor"] as const) {
        await seedAccount(database.handle.db, {
          email: `${role}@example.org`,
          role,
          passwordHash: await cheapTestPasswordHash(),
        });
      }
      const administrator = await c.t.login("administrator@example.org", TEST_PASSWORD);
      expect((await audit("?limit=1", administrator)).entries[0]!.action).toBe("sign-in");
      const before = (await audit("?limit=200")).entries.length;
      for (const role of ["editor", "contributor"] as const) {
        const cookie = await c.t.login(`${role}@example.org`, TEST_PASSWORD);
        const refused = await c.t.app.inject({ url: "/api/audit", headers: { cookie } });
        expect(refused.statusCode).toBe(403);
        // A refused change leaves no entry (the contributor may not delete).
        const remove = await c.t.app.inject({
          method: "DELETE",
          url: "/api/updates/00000000-0000-4000-8000-000000000000",
          headers: { origin: TEST_ORIGIN, cookie },
        });
        expect(remove.statusCode).toBe(role === "editor" ? 404 : 403);
      }
      // Two sign-ins were noted, nothing else.
      expect((await audit("?limit=200")).entries.length).toBe(before + 2);
    });

    it("notes invitations, their use and revocation, and password resets", async () => {
      /** The newest mail's link token (the outbox is off here: the mail waits in its table). */
      const mailedToken = async (kind: string) => {
        const rows = await database.handle.db
          .selectFrom("staff_mail")
          .select(["body", "created_at"])
          .orderBy("created_at", "desc")
          .execute();
        const match = new RegExp(`/admin/${kind}/([A-Za-z0-9_-]+)`).exec(rows[0]?.body ?? "");
        return match![1]!;
      };
      await ok("POST", "/api/staff/invitations", { email: "new@example.org", role: "editor" });
      const token = await mailedToken("invitation");
      const accepted = await c.t.app.inject({
        method: "POST",
        url: `/api/invitations/${token}`,
        headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
        payload: { name: "New Editor", password: "a long unusual passphrase" },
      });
      expect(accepted.statusCode, accepted.body).toBe(201);
      const revoked = (await ok("POST", "/api/staff/invitations", {
        email: "never@example.org",
        role: "contributor",
      })) as { id: string };
      await ok("DELETE", `/api/staff/invitations/${revoked.id}`);

      const asked = await c.t.app.inject({
        method: "POST",
        url: "/api/password-resets",
        headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
        payload: { email: "new@example.org" },
      });
      expect(asked.statusCode).toBe(202);
      await expect.poll(() => mailedToken("reset").catch(() => null)).not.toBeNull();
      const reset = await c.t.app.inject({
        method: "POST",
        url: `/api/password-resets/${await mailedToken("reset")}`,
        headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
        payload: { password: "yet another unusual passphrase" },
      });
      expect(reset.statusCode, reset.body).toBe(204);

      const { entries } = await audit("?limit=6");
      expect(
        entries.map(({ action, actor, target, detail }) => ({ action, actor, target, detail })),
      ).toEqual([
        {
          action: "password.reset",
          actor: "new@example.org",
          target: "new@example.org",
          detail: null,
        },
        { action: "password.reset-request", actor: "new@example.org", target: null, detail: null },
        { action: "invitation.revoke", actor: TEST_EMAIL, target: revoked.id, detail: null },
        {
          action: "invitation.create",
          actor: TEST_EMAIL,
          target: "never@example.org",
          detail: "contributor",
        },
        {
          action: "invitation.accept",
          actor: "new@example.org",
          target: "new@example.org",
          detail: "editor",
        },
        {
          action: "invitation.create",
          actor: TEST_EMAIL,
          target: "new@example.org",
          detail: "editor",
        },
      ]);
      for (const entry of entries) seen.add(entry.action);
    });

    it("notes role changes, deactivations, removals and each person's own changes", async () => {
      await seedAccount(database.handle.db, {
        email: "changed@example.org",
        role: "editor",
        passwordHash: await cheapTestPasswordHash(),
      });
      const list = (await ok("GET", "/api/staff")) as Array<{ id: string; email: string }>;
      const id = list.find((account) => account.email === "changed@example.org")!.id;
      const patch = (body: object) =>
        c.t.app.inject({
          method: "PATCH",
          url: `/api/staff/${id}`,
          headers: { origin: TEST_ORIGIN, "content-type": "application/json", cookie: c.cookie },
          payload: body,
        });
      expect((await patch({ role: "contributor" })).statusCode).toBe(200);
      expect((await patch({ active: false })).statusCode).toBe(200);
      expect((await patch({ active: true })).statusCode).toBe(200);
      const self = await c.t.login("changed@example.org", TEST_PASSWORD);
      const own = (method: "PATCH" | "POST" | "DELETE", url: string, payload?: object) =>
        c.t.app.inject({
          method,
          url,
          headers: { origin: TEST_ORIGIN, "content-type": "application/json", cookie: self },
          ...(payload ? { payload } : {}),
        });
      expect((await own("PATCH", "/api/account", { name: "Changed" })).statusCode).toBe(200);
      const changed = await own("POST", "/api/account/password", {
        currentPassword: TEST_PASSWORD,
        newPassword: "a long unusual passphrase",
      });
      expect(changed.statusCode).toBe(204);
      expect((await own("DELETE", "/api/account/sessions")).statusCode).toBe(204);
      await ok("DELETE", `/api/staff/${id}`);

      const { entries } = await audit("?limit=8");
      const by = { actor: TEST_EMAIL, target: "changed@example.org", detail: null };
      const self_ = { actor: "changed@example.org", target: null, detail: null };
      expect(
        entries.map(({ action, actor, target, detail }) => ({ action, actor, target, detail })),
      ).toEqual([
        { action: "account.remove", ...by },
        { action: "sessions.end", ...self_ },
        { action: "password.change", ...self_ },
        // What it touched: the account itself, by id (as the answer names it).
        { action: "account.rename", ...self_, target: id },
        { action: "sign-in", ...self_ },
        { action: "account.reactivate", ...by },
        { action: "account.deactivate", ...by },
        { action: "account.role", ...by, detail: "contributor" },
      ]);
      for (const entry of entries) seen.add(entry.action);
    });

    it("notes ending one session, the others, and an email change (with the old address)", async () => {
      await seedAccount(database.handle.db, {
        email: "moving@example.org",
        role: "contributor",
        passwordHash: await cheapTestPasswordHash(),
      });
      const here = await c.t.login("moving@example.org");
      await c.t.login("moving@example.org");
      await c.t.login("moving@example.org");
      const own = (method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
        c.t.app.inject({
          method,
          url,
          headers: { origin: TEST_ORIGIN, "content-type": "application/json", cookie: here },
          ...(payload ? { payload } : method === "POST" ? { payload: {} } : {}),
        });
      const sessions = (await own("GET", "/api/account/sessions")).json() as Array<{
        id: string;
        current: boolean;
      }>;
      const other = sessions.find((session) => !session.current)!;
      expect((await own("DELETE", `/api/account/sessions/${other.id}`)).statusCode).toBe(204);
      expect((await own("POST", "/api/account/sessions/end-others")).statusCode).toBe(200);
      const moved = await own("POST", "/api/account/email", {
        email: "Moved@Example.org",
        currentPassword: TEST_PASSWORD,
      });
      expect(moved.statusCode, moved.body).toBe(200);

      const { entries } = await audit("?limit=3");
      expect(
        entries.map(({ action, actor, target, detail }) => ({ action, actor, target, detail })),
      ).toEqual([
        {
          action: "account.email",
          // Noted as who they were when they asked.
          actor: "moving@example.org",
          target: "Moved@Example.org",
          detail: "was moving@example.org",
        },
        {
          action: "sessions.end-others",
          actor: "moving@example.org",
          target: null,
          detail: "1 ended",
        },
        {
          action: "session.end",
          actor: "moving@example.org",
          target: other.id,
          detail: "An unknown browser",
        },
      ]);
      for (const entry of entries) seen.add(entry.action);
    });

    it("notes factor changes, sign-ins with a factor, and recovery codes used", async () => {
      await seedAccount(database.handle.db, {
        email: "factors@example.org",
        role: "editor",
        passwordHash: await cheapTestPasswordHash(),
      });
      const self = await c.t.login("factors@example.org", TEST_PASSWORD);
      const own = (
        method: "POST" | "DELETE" | "PUT",
        url: string,
        payload: object,
        cookie = self,
      ) =>
        c.t.app.inject({
          method,
          url,
          headers: { origin: TEST_ORIGIN, "content-type": "application/json", cookie },
          payload,
        });
      const started = await own("POST", "/api/account/totp", { password: TEST_PASSWORD });
      const { secret } = started.json() as { secret: string };
      const confirmed = await own("POST", "/api/account/totp/confirm", {
        code: totpCode(secret, Date.now()),
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const renewed = await own("POST", "/api/account/recovery-codes", { password: TEST_PASSWORD });
      const [code] = (renewed.json() as { recoveryCodes: string[] }).recoveryCodes;
      const first = await c.t.app.inject({
        method: "POST",
        url: "/api/session",
        headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
        payload: { email: "factors@example.org", password: TEST_PASSWORD },
      });
      const { ticket } = first.json() as { ticket: string };
      const second = await own("POST", "/api/session/mfa", { ticket, code });
      expect(second.statusCode, `${first.body} ${second.body}`).toBe(204);
      // The second step's session replaced the one its request presented.
      const signedIn = sessionCookieFrom(second);
      const removed = await own(
        "DELETE",
        "/api/account/totp",
        { password: TEST_PASSWORD },
        signedIn,
      );
      expect(removed.statusCode).toBe(204);
      const policy = await own(
        "PUT",
        "/api/staff/factor-policy",
        { requiredOfEveryone: true },
        c.cookie,
      );
      expect(policy.statusCode, policy.body).toBe(200);
      await own("PUT", "/api/staff/factor-policy", { requiredOfEveryone: false }, c.cookie);

      const { entries } = await audit("?limit=9");
      const mine = { actor: "factors@example.org" };
      expect(
        entries.map(({ action, actor, detail }) => ({ action, actor, detail })).reverse(),
      ).toEqual([
        { action: "sign-in", ...mine, detail: null },
        { action: "totp.begin", ...mine, detail: null },
        { action: "totp.add", ...mine, detail: null },
        { action: "recovery-codes.renew", ...mine, detail: null },
        { action: "recovery-code.use", ...mine, detail: null },
        { action: "sign-in", ...mine, detail: "recovery code" },
        { action: "totp.remove", ...mine, detail: null },
        { action: "factors.policy", actor: TEST_EMAIL, detail: "every role" },
        { action: "factors.policy", actor: TEST_EMAIL, detail: "owners and administrators" },
      ]);
      for (const entry of entries) seen.add(entry.action);
    });

    it("notes passkeys added and removed, and a sign-in and a failed one by passkey", async () => {
      await seedAccount(database.handle.db, {
        email: "passkeys@example.org",
        role: "editor",
        passwordHash: await cheapTestPasswordHash(),
      });
      const self = await c.t.login("passkeys@example.org", TEST_PASSWORD);
      const post = (url: string, payload: object, cookie?: string) =>
        c.t.app.inject({
          method: "POST",
          url,
          headers: {
            origin: TEST_ORIGIN,
            "content-type": "application/json",
            ...(cookie ? { cookie } : {}),
          },
          payload,
        });
      const key = createSoftwareAuthenticator();
      const begun = await post("/api/account/passkeys/options", { password: TEST_PASSWORD }, self);
      const registration = begun.json() as { ticket: string; options: CeremonyOptions };
      const added = await post(
        "/api/account/passkeys",
        {
          ticket: registration.ticket,
          name: "Desk key",
          credential: key.register(registration.options, TEST_ORIGIN),
        },
        self,
      );
      expect(added.statusCode, added.body).toBe(201);
      const signInWith = async (authenticator: typeof key) => {
        const options = await post("/api/session/passkey/options", {});
        const ceremony = options.json() as { ticket: string; options: CeremonyOptions };
        return post("/api/session/passkey", {
          ticket: ceremony.ticket,
          credential: authenticator.authenticate(ceremony.options, TEST_ORIGIN),
        });
      };
      expect((await signInWith(key)).statusCode).toBe(204);
      key.counter = 0;
      expect((await signInWith(key)).statusCode).toBe(401);
      const removed = await c.t.app.inject({
        method: "DELETE",
        url: `/api/account/passkeys/${key.id}`,
        headers: { origin: TEST_ORIGIN, "content-type": "application/json", cookie: self },
        payload: { password: TEST_PASSWORD },
      });
      expect(removed.statusCode, removed.body).toBe(204);

      const { entries } = await audit("?limit=6");
      const mine = { actor: "passkeys@example.org" };
      expect(
        entries
          .map(({ action, actor, target, detail }) => ({ action, actor, target, detail }))
          .reverse(),
      ).toEqual([
        { action: "sign-in", ...mine, target: null, detail: null },
        { action: "passkey.begin", ...mine, target: null, detail: null },
        { action: "passkey.add", ...mine, target: key.id, detail: null },
        { action: "sign-in", ...mine, target: null, detail: "passkey" },
        { action: "sign-in.failed", ...mine, target: null, detail: "passkey" },
        { action: "passkey.remove", ...mine, target: key.id, detail: null },
      ]);
      for (const entry of entries) seen.add(entry.action);
    });

    it("notes a second factors' reset by the server command", async () => {
      const url = database.schema
        ? `${database.url}?options=${encodeURIComponent(`-c search_path=${database.schema}`)}`
        : database.url;
      const exit = await runResetFactorsCommand(
        [TEST_EMAIL],
        { DATABASE_URL: url },
        () => {},
        () => {},
      );
      expect(exit).toBe(0);
      // The owner's sessions ended with the reset: sign in again (the tests after this one too).
      c.cookie = await c.t.login();
      const [last] = (await audit("?limit=1&action=factors.reset")).entries;
      expect(last).toMatchObject({ actor: "server command", target: TEST_EMAIL });
      seen.add("factors.reset");
    });

    it("notes a sign-out", async () => {
      const cookie = await c.t.login();
      await c.t.app.inject({
        method: "DELETE",
        url: "/api/session",
        headers: { origin: TEST_ORIGIN, cookie },
      });
      const [last] = (await audit("?limit=1")).entries;
      expect(last).toMatchObject({ action: "sign-out", actor: TEST_EMAIL });
      seen.add("sign-out");
    });
  });
}

describe("the owner created through the setup link", () => {
  it("is noted as account.setup", async () => {
    const t = await createTestApp({ seedOwner: false, cheapPasswords: true });
    try {
      const accounts = createAccountRepository(t.database.handle.db, Date.now);
      const token = await accounts.createToken("setup", 60_000);
      const created = await t.app.inject({
        method: "POST",
        url: `/api/setup/${token}`,
        headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
        payload: {
          email: "first@example.org",
          name: "First",
          password: "a long unusual passphrase",
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const rows = await t.database.handle.db.selectFrom("audit_log").selectAll().execute();
      expect(rows).toMatchObject([{ action: "account.setup", actor: "first@example.org" }]);
      seen.add("account.setup");
    } finally {
      await t.close();
    }
  });
});

describe("texts and their sending hours", () => {
  it("note texts sent, scheduled and cancelled, the settings changed, and event reminders", async () => {
    const t = await createTestApp({ cheapPasswords: true });
    try {
      const cookie = await t.login();
      const call = (method: "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
        t.app.inject({
          method,
          url,
          headers: { origin: TEST_ORIGIN, "content-type": "application/json", cookie },
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
      expect((await call("POST", "/api/texts", { body: "Workshop tonight" })).statusCode).toBe(201);
      const scheduled = await call("POST", "/api/texts", {
        body: "Workshop next week",
        sendAt: new Date(Date.now() + 86_400_000).toISOString(),
      });
      expect(scheduled.statusCode, scheduled.body).toBe(201);
      const { id } = scheduled.json() as { id: string };
      expect((await call("DELETE", `/api/texts/${id}`)).statusCode).toBe(204);
      const settings = await call("PUT", "/api/sms/settings", {
        sendHours: { from: "10:00", to: "19:30" },
      });
      expect(settings.statusCode, settings.body).toBe(200);
      const rows = await t.database.handle.db
        .selectFrom("audit_log")
        .select(["action", "target"])
        .where("action", "!=", "sign-in")
        .orderBy("at")
        .execute();
      expect(rows).toMatchObject([
        { action: "text.send" },
        { action: "text.schedule", target: id },
        { action: "text.cancel", target: id },
        { action: "sms-settings.change" },
      ]);
      for (const row of rows) seen.add(row.action as AuditAction);

      // An event's text reminder switched on, changed and switched off.
      const event = await call("POST", "/api/content/events", { data: { title: "Walk" } });
      const eventId = (event.json() as { id: string }).id;
      for (const [enabled, lead] of [
        [true, "1d"],
        [true, "3h"],
        [false, "3h"],
      ] as const) {
        const response = await call("PUT", `/api/texts/reminders/${eventId}`, {
          enabled,
          lead,
          body: null,
        });
        expect(response.statusCode, response.body).toBe(200);
      }
      const reminders = await t.database.handle.db
        .selectFrom("audit_log")
        .select(["action", "target"])
        .where("action", "like", "reminder.%")
        .execute();
      expect(reminders.map((row) => row.action).sort()).toEqual([
        "reminder.change",
        "reminder.off",
        "reminder.on",
      ]);
      for (const row of reminders) {
        expect(row.target).toBe(eventId);
        seen.add(row.action as AuditAction);
      }
    } finally {
      await t.close();
    }
  });
});

describe("the audit tests", () => {
  it("have seen every action of the audit log", () => {
    expect([...seen].sort()).toEqual([...AUDIT_ACTIONS].sort());
  });
});
