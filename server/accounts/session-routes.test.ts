import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OwnSession } from "../../common/account-sessions-schemas.js";
import {
  cheapTestPasswordHash,
  createTestApp,
  seedAccount,
  sessionCookieFrom,
  TEST_ORIGIN,
  TEST_PASSWORD,
  type TestApp,
} from "../test-support/test-app.js";
import { testDialects } from "../test-support/test-database.js";

const json = { origin: TEST_ORIGIN, "content-type": "application/json" };
const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const LAPTOP =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0";
const EDITOR = "editor@example.org";

for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`your own sessions, on two instances of ${dialect.name}`, () => {
    let first: TestApp;
    let second: TestApp;
    let now = Date.parse("2026-11-27T09:00:00.000Z");
    const clock = () => now;

    beforeAll(async () => {
      const database = await dialect.create();
      first = await createTestApp({ database, cheapPasswords: true, deps: { clock } });
      // A second instance on the same database: sessions live there, not in either process.
      second = await createTestApp({
        database: { ...database, handle: database.openAnother() },
        cheapPasswords: true,
        seedOwner: false,
        deps: { clock },
      });
      for (const email of [EDITOR, "other@example.org"]) {
        await seedAccount(database.handle.db, {
          email,
          role: "editor",
          name: email,
          passwordHash: await cheapTestPasswordHash(),
        });
      }
    }, 30_000);
    afterAll(async () => {
      await second?.close();
      await first?.close();
      await first?.database.cleanup();
    });

    const signIn = async (t: TestApp, userAgent: string, remoteAddress: string, email = EDITOR) => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/session",
        headers: { ...json, "user-agent": userAgent },
        remoteAddress,
        payload: { email, password: TEST_PASSWORD },
      });
      expect(response.statusCode, response.body).toBe(204);
      const cookie = sessionCookieFrom(response);
      addressOf.set(cookie, remoteAddress);
      return cookie;
    };
    /** Each session keeps calling from the address it signed in from, unless told. */
    const addressOf = new Map<string, string>();
    const call = (
      t: TestApp,
      method: "GET" | "POST" | "DELETE",
      url: string,
      cookie: string,
      remoteAddress = addressOf.get(cookie) ?? "127.0.0.1",
    ) =>
      t.app.inject({
        method,
        url,
        headers: { ...json, cookie },
        remoteAddress,
        ...(method === "POST" ? { payload: {} } : {}),
      });
    const list = async (t: TestApp, cookie: string) => {
      const response = await call(t, "GET", "/api/account/sessions", cookie);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      return response.json() as OwnSession[];
    };
    const auditActions = async () =>
      (
        await first.database.handle.db
          .selectFrom("audit_log")
          .select(["action", "detail", "actor"])
          .where("action", "in", ["session.end", "sessions.end-others"])
          .orderBy("at")
          .execute()
      ).map((row) => `${row.actor} ${row.action}: ${row.detail}`);

    it("lists each session with its device in words, address and times; this one marked", async () => {
      const phone = await signIn(first, PHONE, "198.51.100.7");
      now += 5 * 60_000;
      const laptop = await signIn(second, LAPTOP, "203.0.113.20");
      await signIn(first, LAPTOP, "192.0.2.1", "other@example.org");

      // Either instance answers the same: the rows are in the shared database.
      for (const [t, cookie, current] of [
        [first, phone, "Chrome on Android"],
        [second, laptop, "Firefox on macOS"],
      ] as const) {
        const sessions = await list(t, cookie);
        expect(
          sessions.map(({ device, clientAddress, current: here }) => ({
            device,
            clientAddress,
            here,
          })),
        ).toEqual([
          {
            device: "Firefox on macOS",
            clientAddress: "203.0.113.20",
            here: current === "Firefox on macOS",
          },
          {
            device: "Chrome on Android",
            clientAddress: "198.51.100.7",
            here: current === "Chrome on Android",
          },
        ]);
        expect(sessions[1]!.createdAt).toBe("2026-11-27T09:00:00.000Z");
        for (const session of sessions) expect(session.id).toMatch(/^[0-9a-f]{32}$/);
      }
      await call(first, "DELETE", "/api/account/sessions", phone);
    });

    it("refreshes last seen and the address at most once a minute", async () => {
      const phone = await signIn(first, PHONE, "198.51.100.7");
      const signedInAt = new Date(now).toISOString();
      now += 30_000;
      // Within the minute: nothing is written, the address stays as it was.
      await call(first, "GET", "/api/session", phone, "198.51.100.99");
      let [mine] = await list(first, phone);
      expect(mine).toMatchObject({ lastSeenAt: signedInAt, clientAddress: "198.51.100.7" });
      now += 31_000;
      await call(second, "GET", "/api/session", phone, "198.51.100.99");
      [mine] = await list(first, phone);
      expect(mine).toMatchObject({
        createdAt: signedInAt,
        lastSeenAt: new Date(now).toISOString(),
        clientAddress: "198.51.100.99",
      });
      await call(first, "DELETE", "/api/account/sessions", phone);
    });

    it("ends one session: refused at its next request on the other instance at once", async () => {
      const phone = await signIn(first, PHONE, "198.51.100.7");
      const laptop = await signIn(second, LAPTOP, "203.0.113.20");
      const intruder = await signIn(first, LAPTOP, "192.0.2.1", "other@example.org");
      const theirs = (await list(first, intruder))[0]!;
      const phoneSession = (await list(first, laptop)).find(
        (s) => s.device === "Chrome on Android",
      )!;

      // Someone else's session, or one that never was: 404, and nothing ends.
      for (const id of [theirs.id, "0".repeat(32), "not-an-id"]) {
        const refused = await call(first, "DELETE", `/api/account/sessions/${id}`, laptop);
        expect(refused.statusCode, id).toBe(404);
      }
      expect((await call(first, "GET", "/api/session", intruder)).statusCode).toBe(200);

      const ended = await call(first, "DELETE", `/api/account/sessions/${phoneSession.id}`, laptop);
      expect(ended.statusCode, ended.body).toBe(204);
      // The laptop's cookie stays: it ended another session, not its own.
      expect(ended.cookies).toEqual([]);
      expect((await call(second, "GET", "/api/session", phone)).statusCode).toBe(401);
      expect((await call(second, "GET", "/api/session", laptop)).statusCode).toBe(200);
      expect((await list(second, laptop)).map((s) => s.device)).toEqual(["Firefox on macOS"]);
      const again = await call(first, "DELETE", `/api/account/sessions/${phoneSession.id}`, laptop);
      expect(again.statusCode).toBe(404);

      // Ending this device's own session signs it out here.
      const own = (await list(first, laptop))[0]!;
      const signedOut = await call(first, "DELETE", `/api/account/sessions/${own.id}`, laptop);
      expect(signedOut.statusCode).toBe(204);
      expect(signedOut.cookies.map((c) => c.name)).toEqual(["sid"]);
      expect((await call(first, "GET", "/api/session", laptop)).statusCode).toBe(401);
      expect(await auditActions()).toEqual([
        `${EDITOR} session.end: Chrome on Android`,
        `${EDITOR} session.end: Firefox on macOS`,
      ]);
      await call(first, "DELETE", "/api/account/sessions", intruder);
    });

    it("ends every other session, keeping this one; someone else's stay", async () => {
      const here = await signIn(first, LAPTOP, "203.0.113.20");
      const phone = await signIn(second, PHONE, "198.51.100.7");
      const tablet = await signIn(first, PHONE, "198.51.100.8");
      const someoneElse = await signIn(first, LAPTOP, "192.0.2.1", "other@example.org");

      const response = await call(second, "POST", "/api/account/sessions/end-others", here);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ ended: 2 });
      for (const cookie of [phone, tablet]) {
        expect((await call(first, "GET", "/api/session", cookie)).statusCode).toBe(401);
      }
      expect((await call(first, "GET", "/api/session", here)).statusCode).toBe(200);
      expect((await call(second, "GET", "/api/session", someoneElse)).statusCode).toBe(200);
      expect((await list(first, here)).map((s) => s.current)).toEqual([true]);
      expect((await auditActions()).at(-1)).toBe(`${EDITOR} sessions.end-others: 2 ended`);

      // Signed out everywhere: this one too.
      expect((await call(first, "DELETE", "/api/account/sessions", here)).statusCode).toBe(204);
      expect((await call(second, "GET", "/api/account/sessions", here)).statusCode).toBe(401);
    });
  });
}
