import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  AccountFactors,
  PasskeyCeremony,
  SecondStepNeeded,
} from "../../common/second-factors.js";
import {
  cheapTestPasswordHash,
  createTestApp,
  seedAccount,
  sessionCookieFrom,
  TEST_ORIGIN,
  TEST_PASSWORD,
  type TestApp,
} from "../test-support/test-app.js";
import {
  createSoftwareAuthenticator,
  type CeremonyOptions,
  type SoftwareAuthenticator,
} from "../test-support/software-authenticator.js";
import { testDialects, type TestDatabase } from "../test-support/test-database.js";

type Ceremony = PasskeyCeremony<CeremonyOptions>;

for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`passkeys on ${dialect.name}`, () => {
    let database: TestDatabase;
    let t: TestApp;
    let remote = 1;

    beforeAll(async () => {
      database = await dialect.create();
      t = await createTestApp({ database, cheapPasswords: true });
    }, 30_000);
    afterAll(async () => {
      await t.close();
      await database.cleanup();
    });

    const call = (
      method: "GET" | "POST" | "DELETE",
      url: string,
      options: { cookie?: string; payload?: unknown } = {},
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
        // Each test from an address of its own, so the per-address limit is its own.
        remoteAddress: `198.51.100.${remote}`,
      });
    const signIn = (email: string) =>
      call("POST", "/api/session", { payload: { email, password: TEST_PASSWORD } });
    const cookieOf = (response: LightMyRequestResponse) => sessionCookieFrom(response);
    const storedPasskeys = (accountId: string) =>
      database.handle.db
        .selectFrom("staff_passkeys")
        .selectAll()
        .where("account_id", "=", accountId)
        .execute();
    const factorsOf = async (cookie: string) =>
      (await call("GET", "/api/account/factors", { cookie })).json() as AccountFactors;

    /** A new editor, signed in; returns its id and session cookie. */
    const newAccount = async (email: string) => {
      await seedAccount(database.handle.db, {
        email,
        role: "administrator",
        passwordHash: await cheapTestPasswordHash(),
      });
      const { id } = await database.handle.db
        .selectFrom("staff_accounts")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      const response = await signIn(email);
      expect(response.statusCode, response.body).toBe(204);
      return { id, cookie: cookieOf(response) };
    };
    const beginRegistration = async (cookie: string) => {
      const begun = await call("POST", "/api/account/passkeys/options", {
        cookie,
        payload: { password: TEST_PASSWORD },
      });
      expect(begun.statusCode, begun.body).toBe(201);
      return begun.json() as Ceremony;
    };
    const register = async (cookie: string, name = "Work laptop") => {
      const key = createSoftwareAuthenticator();
      const { ticket, options } = await beginRegistration(cookie);
      const added = await call("POST", "/api/account/passkeys", {
        cookie,
        payload: { ticket, name, credential: key.register(options, TEST_ORIGIN) },
      });
      expect(added.statusCode, added.body).toBe(201);
      return key;
    };
    const passkeySignIn = async (key: SoftwareAuthenticator, origin = TEST_ORIGIN) => {
      const begun = await call("POST", "/api/session/passkey/options", { payload: {} });
      expect(begun.statusCode, begun.body).toBe(200);
      const { ticket, options } = begun.json() as Ceremony;
      return call("POST", "/api/session/passkey", {
        payload: { ticket, credential: key.authenticate(options, origin) },
      });
    };

    it("adds a passkey after the password again, lists it, and counts it as a factor", async () => {
      remote = 10;
      const { id, cookie } = await newAccount("adds@example.org");
      expect((await factorsOf(cookie)).requirement.enrolled).toBe(false);
      const wrong = await call("POST", "/api/account/passkeys/options", {
        cookie,
        payload: { password: "not the password at all" },
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({ error: { code: "reauthentication_failed" } });

      const { ticket, options } = await beginRegistration(cookie);
      expect(options).toMatchObject({ rp: { id: "localhost" } });
      const key = createSoftwareAuthenticator();
      const added = await call("POST", "/api/account/passkeys", {
        cookie,
        payload: { ticket, name: "  Work laptop ", credential: key.register(options, TEST_ORIGIN) },
      });
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json()).toMatchObject({ id: key.id, name: "Work laptop", lastUsedAt: null });
      const factors = await factorsOf(cookie);
      expect(factors.passkeys).toEqual([
        { id: key.id, name: "Work laptop", createdAt: expect.any(String), lastUsedAt: null },
      ]);
      expect(factors.requirement).toMatchObject({ required: true, enrolled: true });
      const [stored] = await storedPasskeys(id);
      expect(stored).toMatchObject({ counter: 0, transports: '["internal"]' });
      // Now the password alone only opens the second step, which offers the passkey.
      const step = (await signIn("adds@example.org")).json() as SecondStepNeeded;
      expect(step.mfa).toEqual(["passkey"]);
    });

    it("refuses a registration with another challenge, a used ticket, or another origin, storing nothing", async () => {
      remote = 20;
      const { id, cookie } = await newAccount("refused@example.org");
      const key = createSoftwareAuthenticator();
      const finish = (ticket: string, credential: unknown) =>
        call("POST", "/api/account/passkeys", {
          cookie,
          payload: { ticket, name: "Phone", credential },
        });

      // Signed for a challenge the server did not give.
      const first = await beginRegistration(cookie);
      const forged = key.register(
        { ...first.options, challenge: "bm90LXRoZS1jaGFsbGVuZ2U" },
        TEST_ORIGIN,
      );
      expect((await finish(first.ticket, forged)).statusCode).toBe(400);
      // The ticket was used by that answer: even a right answer to it is refused now.
      const reused = await finish(first.ticket, key.register(first.options, TEST_ORIGIN));
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toMatchObject({ error: { code: "passkey_expired" } });

      // Made on another site.
      const second = await beginRegistration(cookie);
      const elsewhere = await finish(
        second.ticket,
        key.register(second.options, "https://evil.example"),
      );
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json()).toMatchObject({ error: { code: "passkey_refused" } });

      // A ticket of another person's ceremony.
      const other = await newAccount("other-refused@example.org");
      const theirs = await beginRegistration(other.cookie);
      expect(
        (await finish(theirs.ticket, key.register(theirs.options, TEST_ORIGIN))).statusCode,
      ).toBe(400);

      // No name, or no ticket at all.
      const third = await beginRegistration(cookie);
      const unnamed = await call("POST", "/api/account/passkeys", {
        cookie,
        payload: {
          ticket: third.ticket,
          name: " ",
          credential: key.register(third.options, TEST_ORIGIN),
        },
      });
      expect(unnamed.statusCode).toBe(400);
      expect(unnamed.json()).toMatchObject({ error: { fields: { name: "Name the passkey" } } });
      expect(
        (await finish("no-such-ticket", key.register(third.options, TEST_ORIGIN))).statusCode,
      ).toBe(400);

      expect(await storedPasskeys(id)).toEqual([]);
      expect(await storedPasskeys(other.id)).toEqual([]);
    });

    it("signs in with the passkey alone, once per challenge, and refuses a counter that did not grow", async () => {
      remote = 30;
      const { id, cookie } = await newAccount("passwordless@example.org");
      const key = await register(cookie);
      await call("DELETE", "/api/session", { cookie });

      const signedIn = await passkeySignIn(key);
      expect(signedIn.statusCode, signedIn.body).toBe(204);
      const session = cookieOf(signedIn);
      const me = await call("GET", "/api/session", { cookie: session });
      expect(me.json()).toMatchObject({ user: { email: "passwordless@example.org" } });
      const [used] = await storedPasskeys(id);
      expect(used).toMatchObject({ counter: 1, last_used_at: expect.any(String) });
      expect((await factorsOf(session)).passkeys[0]!.lastUsedAt).toBe(used!.last_used_at);

      // The same answer again: its challenge is gone.
      const begun = (
        await call("POST", "/api/session/passkey/options", { payload: {} })
      ).json() as Ceremony;
      const answer = key.authenticate(begun.options, TEST_ORIGIN);
      expect(
        (
          await call("POST", "/api/session/passkey", {
            payload: { ticket: begun.ticket, credential: answer },
          })
        ).statusCode,
      ).toBe(204);
      const replay = await call("POST", "/api/session/passkey", {
        payload: { ticket: begun.ticket, credential: answer },
      });
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toMatchObject({ error: { code: "sign_in_expired" } });

      // A cloned authenticator reports a counter already seen: refused, no session.
      key.counter = 1;
      const cloned = await passkeySignIn(key);
      expect(cloned.statusCode).toBe(401);
      expect(cloned.json()).toMatchObject({ error: { code: "passkey_refused" } });
      expect(cloned.headers["set-cookie"]).toBeUndefined();
      expect((await storedPasskeys(id))[0]!.counter).toBe(2);

      // Signed for another origin.
      key.counter = 10;
      const elsewhere = await passkeySignIn(key, "https://evil.example");
      expect(elsewhere.statusCode).toBe(401);
      expect(elsewhere.headers["set-cookie"]).toBeUndefined();
      // A passkey this site does not know.
      expect((await passkeySignIn(createSoftwareAuthenticator())).statusCode).toBe(401);
    });

    it("counts passkey failures against the address like wrong passwords", async () => {
      remote = 40;
      const stranger = createSoftwareAuthenticator();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await passkeySignIn(stranger)).statusCode).toBe(401);
      }
      expect((await passkeySignIn(stranger)).statusCode).toBe(429);
    });

    it("takes the passkey as the second step after a password, for that account only", async () => {
      remote = 50;
      const { cookie } = await newAccount("second-step@example.org");
      const key = await register(cookie);
      const otherKey = await register((await newAccount("someone-else@example.org")).cookie);
      const step = (await signIn("second-step@example.org")).json() as SecondStepNeeded;
      expect(step.mfa).toContain("passkey");

      const ceremony = async () => {
        const begun = await call("POST", "/api/session/passkey/options", {
          payload: { secondStep: step.ticket },
        });
        expect(begun.statusCode, begun.body).toBe(200);
        return begun.json() as Ceremony & { options: { allowCredentials: Array<{ id: string }> } };
      };
      const first = await ceremony();
      expect(first.options.allowCredentials.map((allowed) => allowed.id)).toEqual([key.id]);
      // Another account's passkey does not finish this account's sign-in.
      const wrongKey = await call("POST", "/api/session/passkey", {
        payload: {
          ticket: first.ticket,
          secondStep: step.ticket,
          credential: otherKey.authenticate(first.options, TEST_ORIGIN),
        },
      });
      expect(wrongKey.statusCode).toBe(401);

      const second = await ceremony();
      const done = await call("POST", "/api/session/passkey", {
        payload: {
          ticket: second.ticket,
          secondStep: step.ticket,
          credential: key.authenticate(second.options, TEST_ORIGIN),
        },
      });
      expect(done.statusCode, done.body).toBe(204);
      expect(cookieOf(done)).toBeTruthy();
      // The password's ticket ended with it.
      const again = await call("POST", "/api/session/passkey/options", {
        payload: { secondStep: step.ticket },
      });
      expect(again.statusCode).toBe(401);
    });

    it("removes a passkey with the password again", async () => {
      remote = 60;
      const { id, cookie } = await newAccount("removes@example.org");
      const key = await register(cookie);
      const path = `/api/account/passkeys/${key.id}`;
      const wrong = await call("DELETE", path, {
        cookie,
        payload: { password: "wrong password!" },
      });
      expect(wrong.statusCode).toBe(403);
      expect(await storedPasskeys(id)).toHaveLength(1);
      const unknown = await call("DELETE", "/api/account/passkeys/not-mine", {
        cookie,
        payload: { password: TEST_PASSWORD },
      });
      expect(unknown.statusCode).toBe(404);
      expect(
        (await call("DELETE", path, { cookie, payload: { password: TEST_PASSWORD } })).statusCode,
      ).toBe(204);
      expect(await storedPasskeys(id)).toEqual([]);
      expect((await factorsOf(cookie)).requirement.enrolled).toBe(false);
      // Gone: it signs in no more, and the password alone does again.
      expect((await passkeySignIn(key)).statusCode).toBe(401);
      expect((await signIn("removes@example.org")).statusCode).toBe(204);
    });
  });
}
