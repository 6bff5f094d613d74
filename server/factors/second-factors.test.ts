import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccountFactors, SecondStepNeeded } from "../../common/second-factors.js";
import {
  cheapTestPasswordHash,
  createTestApp,
  seedAccount,
  sessionCookieFrom,
  TEST_EMAIL,
  TEST_ORIGIN,
  TEST_PASSWORD,
  type TestApp,
} from "../test-support/test-app.js";
import { testDialects, type TestDatabase } from "../test-support/test-database.js";
import { runResetFactorsCommand } from "./reset-factors-cli.js";
import { totpCode } from "./totp.js";

const DAY = 24 * 60 * 60 * 1000;

for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`second factors on ${dialect.name}`, () => {
    let database: TestDatabase;
    let t: TestApp;
    // A clock the tests move: TOTP steps and the grace are about time.
    // Starts 5 s into a step, at the real time (seedAccount stamps accounts with Date.now).
    let now = Math.floor(Date.now() / 30_000) * 30_000 + 5_000;
    let remote = 1;

    beforeAll(async () => {
      database = await dialect.create();
      t = await createTestApp({
        database,
        cheapPasswords: true,
        deps: { clock: () => now },
      });
    }, 30_000);
    afterAll(async () => {
      await t.close();
      await database.cleanup();
    });

    const call = (
      method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
      url: string,
      options: { cookie?: string; payload?: unknown; address?: string } = {},
    ) =>
      t.app.inject({
        method,
        url,
        headers: {
          origin: TEST_ORIGIN,
          ...(options.payload !== undefined ? { "content-type": "application/json" } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
        ...(options.payload !== undefined ? { payload: JSON.stringify(options.payload) } : {}),
        // Each test signs in from an address of its own, so the per-address limit is its own.
        remoteAddress: options.address ?? `198.51.100.${remote}`,
      });
    const signIn = (email: string, password = TEST_PASSWORD) =>
      call("POST", "/api/session", { payload: { email, password } });
    const cookieOf = (response: LightMyRequestResponse) => sessionCookieFrom(response);

    /** A new account with a confirmed TOTP; returns its secret, cookie and recovery codes. */
    const enrolTotp = async (email: string, role: "owner" | "administrator" | "editor") => {
      if (email !== TEST_EMAIL) {
        await seedAccount(database.handle.db, {
          email,
          role,
          passwordHash: await cheapTestPasswordHash(),
        });
      }
      const cookie = cookieOf(await signIn(email));
      const started = await call("POST", "/api/account/totp", {
        cookie,
        payload: { password: TEST_PASSWORD },
      });
      expect(started.statusCode, started.body).toBe(201);
      const { secret, uri, qrSvg } = started.json() as {
        secret: string;
        uri: string;
        qrSvg: string;
      };
      expect(uri).toContain(`secret=${secret}`);
      expect(qrSvg).toMatch(/^<svg/);
      const confirmed = await call("POST", "/api/account/totp/confirm", {
        cookie,
        payload: { code: totpCode(secret, now) },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
      return { secret, cookie, recoveryCodes };
    };

    it("asks the password again before a TOTP is added, and refuses a wrong first code", async () => {
      remote = 10;
      await seedAccount(database.handle.db, {
        email: "careful@example.org",
        role: "editor",
        passwordHash: await cheapTestPasswordHash(),
      });
      const cookie = cookieOf(await signIn("careful@example.org"));
      const wrong = await call("POST", "/api/account/totp", {
        cookie,
        payload: { password: "not the password at all" },
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({
        error: {
          code: "reauthentication_failed",
          fields: { password: "The password is not right" },
        },
      });
      const started = await call("POST", "/api/account/totp", {
        cookie,
        payload: { password: TEST_PASSWORD },
      });
      const { secret } = started.json() as { secret: string };
      const badCode = await call("POST", "/api/account/totp/confirm", {
        cookie,
        payload: { code: totpCode(secret, now + 5 * 60_000) },
      });
      expect(badCode.statusCode).toBe(400);
      expect(badCode.json()).toMatchObject({ error: { fields: { code: expect.any(String) } } });
      // Unconfirmed, it is no factor: the password alone still signs in.
      expect((await signIn("careful@example.org")).statusCode).toBe(204);
      const factors = (
        await call("GET", "/api/account/factors", { cookie })
      ).json() as AccountFactors;
      expect(factors).toMatchObject({ totp: false, recoveryCodesLeft: 0, passkeys: [] });
    });

    it("signs in in two steps with a TOTP, and refuses the same code twice", async () => {
      remote = 20;
      const { secret, cookie, recoveryCodes } = await enrolTotp("two-step@example.org", "editor");
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
      // Stored as digests only.
      const stored = await database.handle.db
        .selectFrom("staff_recovery_codes")
        .select("code_hash")
        .execute();
      expect(stored.map((row) => row.code_hash)).not.toContain(recoveryCodes[0]);
      const factors = (
        await call("GET", "/api/account/factors", { cookie })
      ).json() as AccountFactors;
      expect(factors).toMatchObject({ totp: true, recoveryCodesLeft: 10 });

      now += 60_000;
      const first = await signIn("two-step@example.org");
      expect(first.statusCode, first.body).toBe(200);
      expect(first.cookies.find((c) => c.name === "sid")).toBeUndefined();
      const { mfa, ticket } = first.json() as SecondStepNeeded;
      expect(mfa).toEqual(["totp", "recovery-code"]);
      const code = totpCode(secret, now);
      const done = await call("POST", "/api/session/mfa", { payload: { ticket, code } });
      expect(done.statusCode, done.body).toBe(204);
      const session = await call("GET", "/api/session", { cookie: cookieOf(done) });
      expect(session.json()).toMatchObject({ user: { email: "two-step@example.org" } });
      // The ticket served once.
      const again = await call("POST", "/api/session/mfa", { payload: { ticket, code } });
      expect(again.statusCode).toBe(401);
      expect(again.json()).toMatchObject({ error: { code: "sign_in_expired" } });
      // The same code with a new ticket (within its 30 s): a replay, refused.
      const second = (await signIn("two-step@example.org")).json() as SecondStepNeeded;
      const replay = await call("POST", "/api/session/mfa", {
        payload: { ticket: second.ticket, code },
      });
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toMatchObject({ error: { code: "incorrect_code" } });
      // A code of an earlier step is a replay too; the next step's code is accepted.
      const earlier = await call("POST", "/api/session/mfa", {
        payload: { ticket: second.ticket, code: totpCode(secret, now - 30_000) },
      });
      expect(earlier.statusCode).toBe(401);
      const next = await call("POST", "/api/session/mfa", {
        payload: { ticket: second.ticket, code: totpCode(secret, now + 30_000) },
      });
      expect(next.statusCode, next.body).toBe(204);
      const audit = await database.handle.db
        .selectFrom("audit_log")
        .select(["action", "detail"])
        .where("actor", "=", "two-step@example.org")
        .orderBy("id")
        .execute();
      expect(audit.map((row) => `${row.action} ${row.detail ?? ""}`.trim())).toEqual([
        "sign-in",
        "totp.begin",
        "totp.add",
        "sign-in totp",
        "sign-in.failed second factor",
        "sign-in.failed second factor",
        "sign-in totp",
      ]);
    });

    it("accepts each recovery code once", async () => {
      remote = 30;
      const { recoveryCodes } = await enrolTotp("recovering@example.org", "editor");
      const ticket = () =>
        signIn("recovering@example.org").then((r) => (r.json() as SecondStepNeeded).ticket);
      // Typed in capitals and without dashes, it still counts.
      const typed = recoveryCodes[3]!.toUpperCase().replace(/-/g, "");
      const used = await call("POST", "/api/session/mfa", {
        payload: { ticket: await ticket(), code: typed },
      });
      expect(used.statusCode, used.body).toBe(204);
      const reused = await call("POST", "/api/session/mfa", {
        payload: { ticket: await ticket(), code: recoveryCodes[3] },
      });
      expect(reused.statusCode).toBe(401);
      const cookie = cookieOf(used);
      const factors = (
        await call("GET", "/api/account/factors", { cookie })
      ).json() as AccountFactors;
      expect(factors.recoveryCodesLeft).toBe(9);
      // New codes (password again) replace every old one.
      const wrong = await call("POST", "/api/account/recovery-codes", {
        cookie,
        payload: { password: "not the password at all" },
      });
      expect(wrong.statusCode).toBe(403);
      const renewed = await call("POST", "/api/account/recovery-codes", {
        cookie,
        payload: { password: TEST_PASSWORD },
      });
      expect(renewed.statusCode).toBe(201);
      const old = await call("POST", "/api/session/mfa", {
        payload: { ticket: await ticket(), code: recoveryCodes[4] },
      });
      expect(old.statusCode).toBe(401);
      const fresh = (renewed.json() as { recoveryCodes: string[] }).recoveryCodes[0];
      const ok = await call("POST", "/api/session/mfa", {
        payload: { ticket: await ticket(), code: fresh },
      });
      expect(ok.statusCode).toBe(204);
    });

    it("limits wrong codes per address, like wrong passwords", async () => {
      remote = 40;
      await enrolTotp("guessed@example.org", "editor");
      const { ticket } = (await signIn("guessed@example.org")).json() as SecondStepNeeded;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const response = await call("POST", "/api/session/mfa", {
          payload: { ticket, code: "000000" },
        });
        statuses.push(response.statusCode);
      }
      // The right password removed its own reservation (design 6d); wrong codes count as
      // failures of the address like wrong passwords: 5 per address, then 429.
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    });

    it("removes a TOTP with the password, and the recovery codes with the last factor", async () => {
      remote = 50;
      const { cookie } = await enrolTotp("removing@example.org", "editor");
      const wrong = await call("DELETE", "/api/account/totp", {
        cookie,
        payload: { password: "not the password at all" },
      });
      expect(wrong.statusCode).toBe(403);
      const removed = await call("DELETE", "/api/account/totp", {
        cookie,
        payload: { password: TEST_PASSWORD },
      });
      expect(removed.statusCode).toBe(204);
      const factors = (
        await call("GET", "/api/account/factors", { cookie })
      ).json() as AccountFactors;
      expect(factors).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
      expect((await signIn("removing@example.org")).statusCode).toBe(204);
    });

    it("holds an administrator past the 14-day grace to enrolment, and lets them in once enrolled", async () => {
      remote = 60;
      await seedAccount(database.handle.db, {
        email: "late-admin@example.org",
        role: "administrator",
        passwordHash: await cheapTestPasswordHash(),
      });
      const fifteenDaysAgo = new Date(now - 15 * DAY).toISOString();
      await database.handle.db
        .updateTable("staff_accounts")
        .set({ factor_grace_from: fifteenDaysAgo })
        .where("email_key", "=", "late-admin@example.org")
        .execute();
      const cookie = cookieOf(await signIn("late-admin@example.org"));
      const session = await call("GET", "/api/session", { cookie });
      expect(session.json()).toMatchObject({
        secondFactor: { required: true, enrolled: false, overdue: true },
      });
      const staff = await call("GET", "/api/staff", { cookie });
      expect(staff.statusCode).toBe(403);
      expect(staff.json()).toMatchObject({ error: { code: "second_factor_required" } });
      expect((await call("GET", "/api/content", { cookie })).statusCode).toBe(403);
      expect((await call("GET", "/api/account/factors", { cookie })).statusCode).toBe(200);
      const started = await call("POST", "/api/account/totp", {
        cookie,
        payload: { password: TEST_PASSWORD },
      });
      const { secret } = started.json() as { secret: string };
      const confirmed = await call("POST", "/api/account/totp/confirm", {
        cookie,
        payload: { code: totpCode(secret, now) },
      });
      expect(confirmed.statusCode).toBe(200);
      expect((await call("GET", "/api/staff", { cookie })).statusCode).toBe(200);
    });

    it("gives a new administrator 14 days; a promotion never restarts the grace", async () => {
      remote = 70;
      for (const email of ["promoted@example.org", "cycled@example.org"]) {
        await seedAccount(database.handle.db, {
          email,
          role: email.startsWith("cycled") ? "administrator" : "editor",
          passwordHash: await cheapTestPasswordHash(),
        });
      }
      const graceFrom = async (email: string, daysAgo: number) =>
        database.handle.db
          .updateTable("staff_accounts")
          .set({ factor_grace_from: new Date(now - daysAgo * DAY).toISOString() })
          .where("email_key", "=", email)
          .execute();
      await graceFrom("promoted@example.org", 100);
      await graceFrom("cycled@example.org", 10);
      const owner = cookieOf(await signIn(TEST_EMAIL));
      const editor = cookieOf(await signIn("promoted@example.org"));
      const cycled = cookieOf(await signIn("cycled@example.org"));
      expect((await call("GET", "/api/session", { cookie: editor })).json()).toMatchObject({
        secondFactor: { required: false, overdue: false, dueAt: null },
      });
      const list = (await call("GET", "/api/staff", { cookie: owner })).json() as Array<{
        id: string;
        email: string;
      }>;
      const idOf = (email: string) => list.find((row) => row.email === email)!.id;
      const setRole = (email: string, role: string) =>
        call("PATCH", `/api/staff/${idOf(email)}`, { cookie: owner, payload: { role } });
      const standing = async (cookie: string) =>
        (await call("GET", "/api/session", { cookie })).json().secondFactor as {
          dueAt: string;
          overdue: boolean;
        };

      // A long-standing editor made administrator has had its grace: a factor is due at once
      // (adding one stays open), not 14 days from the promotion.
      const promoted = await setRole("promoted@example.org", "administrator");
      expect(promoted.statusCode, promoted.body).toBe(200);
      const after = await standing(editor);
      expect(after.overdue).toBe(true);
      expect(Date.parse(after.dueAt)).toBe(now - 86 * DAY);
      expect((await call("GET", "/api/staff", { cookie: editor })).statusCode).toBe(403);

      // Two administrators cannot keep each other factor-free by demoting and promoting.
      expect(Date.parse((await standing(cycled)).dueAt)).toBe(now + 4 * DAY);
      expect((await setRole("cycled@example.org", "editor")).statusCode).toBe(200);
      expect((await setRole("cycled@example.org", "administrator")).statusCode).toBe(200);
      expect(Date.parse((await standing(cycled)).dueAt)).toBe(now + 4 * DAY);
    });

    it("lets the owner require a factor of every role", async () => {
      remote = 80;
      await seedAccount(database.handle.db, {
        email: "everyone@example.org",
        role: "contributor",
        passwordHash: await cheapTestPasswordHash(),
      });
      const owner = cookieOf(await signIn(TEST_EMAIL));
      const contributor = cookieOf(await signIn("everyone@example.org"));
      const refused = await call("PUT", "/api/staff/factor-policy", {
        cookie: contributor,
        payload: { requiredOfEveryone: true },
      });
      expect(refused.statusCode).toBe(403);
      const bad = await call("PUT", "/api/staff/factor-policy", {
        cookie: owner,
        payload: { requiredOfEveryone: "yes" },
      });
      expect(bad.statusCode).toBe(400);
      const set = await call("PUT", "/api/staff/factor-policy", {
        cookie: owner,
        payload: { requiredOfEveryone: true },
      });
      expect(set.statusCode).toBe(200);
      const due = (await call("GET", "/api/session", { cookie: contributor })).json() as {
        secondFactor: { required: boolean; dueAt: string };
      };
      expect(due.secondFactor.required).toBe(true);
      expect(Date.parse(due.secondFactor.dueAt)).toBe(now + 14 * DAY);
      now += 14 * DAY;
      // Sessions last 12 hours: both sign in again, two weeks on.
      const contributorLater = cookieOf(await signIn("everyone@example.org"));
      const overdue = await call("GET", "/api/content", { cookie: contributorLater });
      expect(overdue.statusCode).toBe(403);
      expect(overdue.json()).toMatchObject({ error: { code: "second_factor_required" } });
      // The owner's own grace is over too by now (no factor yet): it would be held to
      // enrolment, so here it starts afresh.
      await database.handle.db
        .updateTable("staff_accounts")
        .set({ factor_grace_from: new Date(now).toISOString() })
        .where("email_key", "=", TEST_EMAIL)
        .execute();
      const ownerLater = cookieOf(await signIn(TEST_EMAIL));
      await call("PUT", "/api/staff/factor-policy", {
        cookie: ownerLater,
        payload: { requiredOfEveryone: false },
      });
      expect((await call("GET", "/api/content", { cookie: contributorLater })).statusCode).toBe(
        200,
      );
    });

    it("resets a lost factor by a command on the server", async () => {
      remote = 90;
      const { secret } = await enrolTotp(TEST_EMAIL, "owner");
      const lines: string[] = [];
      const url = database.schema
        ? `${database.url}?options=${encodeURIComponent(`-c search_path=${database.schema}`)}`
        : database.url;
      const usage = await runResetFactorsCommand(
        [],
        { DATABASE_URL: url },
        () => {},
        (l) => lines.push(l),
      );
      expect(usage).toBe(2);
      const unknown = await runResetFactorsCommand(
        ["nobody@example.org"],
        { DATABASE_URL: url },
        () => {},
        (line) => lines.push(line),
      );
      expect(unknown).toBe(1);
      expect(lines.at(-1)).toContain("No account has the email nobody@example.org");
      expect((await signIn(TEST_EMAIL)).statusCode).toBe(200);
      const code = await runResetFactorsCommand(
        ["OWNER@example.org"],
        { DATABASE_URL: url },
        (line) => lines.push(line),
        () => {},
      );
      expect(code).toBe(0);
      expect(lines.at(-1)).toContain(
        "Removed the second factors and recovery codes of owner@example.org",
      );
      // The password alone signs in again; the old secret's codes are gone with it.
      expect(secret).toBeTruthy();
      expect((await signIn(TEST_EMAIL)).statusCode).toBe(204);
      const rows = await database.handle.db
        .selectFrom("staff_recovery_codes")
        .innerJoin("staff_accounts", "staff_accounts.id", "staff_recovery_codes.account_id")
        .where("staff_accounts.email_key", "=", TEST_EMAIL)
        .select("code_hash")
        .execute();
      expect(rows).toEqual([]);
      const entry = await database.handle.db
        .selectFrom("audit_log")
        .selectAll()
        .where("action", "=", "factors.reset")
        .executeTakeFirst();
      expect(entry).toMatchObject({ actor: "server command", target: TEST_EMAIL });
    });
  });
}
