import { afterEach, describe, expect, it } from "vitest";
import { MAX_FAILED_LOGINS, MAX_FAILED_LOGINS_PER_ACCOUNT } from "./login-limiter.js";
import {
  createTestApp,
  TEST_ORIGIN,
  TEST_EMAIL,
  TEST_PASSWORD,
  type TestApp,
} from "../test-support/test-app.js";
import { testDialects } from "../test-support/test-database.js";

const json = { "content-type": "application/json", origin: TEST_ORIGIN };

/** Limits under concurrency, per address, IPv6 by /64, and behind a named proxy (docs/product.md section 10). */
describe.each(testDialects)("login and contact limits on $name", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    if (t) {
      await t.close();
      await t.database.cleanup();
    }
    t = undefined;
  });

  async function open(env: Record<string, string> = {}): Promise<TestApp> {
    t = await createTestApp({
      database: await dialect.create(),
      env,
      cheapPasswords: true,
    });
    return t;
  }

  function login(
    app: TestApp,
    password: string,
    remoteAddress: string,
    headers = {},
    email = TEST_EMAIL,
  ) {
    return app.app.inject({
      method: "POST",
      url: "/api/session",
      headers: { ...json, ...headers },
      payload: { email, password },
      remoteAddress,
    });
  }

  it.skipIf(dialect.skip)(
    "checks at most 5 passwords when 40 wrong ones arrive at once from one address",
    async () => {
      const app = await open();
      const responses = await Promise.all(
        Array.from({ length: 40 }, () => login(app, "wrong password", "203.0.113.40")),
      );
      const statuses = responses.map((response) => response.statusCode);
      // Every 401 is a password check; everything else must have been refused before one.
      const checks = statuses.filter((status) => status === 401).length;
      expect(checks).toBeLessThanOrEqual(MAX_FAILED_LOGINS);
      expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
      // A burst may even get fewer checks (refused attempts leave no record), but never more:
      // counting the ones that follow one by one, the address gets exactly 5 in all.
      let later = 0;
      for (let i = 0; i < 8; i += 1) {
        if ((await login(app, "wrong password", "203.0.113.40")).statusCode === 401) later += 1;
      }
      expect(checks + later).toBe(MAX_FAILED_LOGINS);
      expect((await login(app, TEST_PASSWORD, "203.0.113.40")).statusCode).toBe(429);
    },
  );

  it.skipIf(dialect.skip)(
    "never answers 429 to the right password from another address during a flood on other emails",
    async () => {
      const app = await open();
      const flood = Array.from({ length: 20 }, (_, i) =>
        login(app, "wrong password", `198.51.100.${i + 1}`, {}, `guess${i}@example.org`),
      );
      const admin = login(app, TEST_PASSWORD, "192.0.2.10");
      const [adminResponse, ...floodResponses] = await Promise.all([admin, ...flood]);
      expect(adminResponse.statusCode).toBe(204);
      for (const response of floodResponses) expect(response.statusCode).toBe(401);
    },
  );

  it.skipIf(dialect.skip)(
    "a right password for one's own account never clears the failures of guesses at others",
    async () => {
      const app = await open();
      const address = "203.0.113.50";
      const spray = (i: number) =>
        login(app, "wrong password", address, {}, `colleague${i}@example.org`);
      // Four guesses at other accounts, the holder's own sign-in, and so on: the success
      // removes its own attempt only, so the address still meets the limit at the fifth guess.
      for (let i = 0; i < MAX_FAILED_LOGINS - 1; i += 1) {
        expect((await spray(i)).statusCode).toBe(401);
        expect((await login(app, TEST_PASSWORD, address)).statusCode).toBe(204);
      }
      expect((await spray(MAX_FAILED_LOGINS)).statusCode).toBe(401);
      const refused = await spray(MAX_FAILED_LOGINS + 1);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect((await login(app, TEST_PASSWORD, address)).statusCode).toBe(429);
      // The account's own counter is its own: its success cleared its failures, elsewhere too.
      for (let i = 0; i < MAX_FAILED_LOGINS_PER_ACCOUNT - 1; i += 1) {
        await login(app, "wrong password", `198.51.100.${i + 1}`);
      }
      expect((await login(app, TEST_PASSWORD, "192.0.2.60")).statusCode).toBe(204);
      for (let i = 0; i < MAX_FAILED_LOGINS_PER_ACCOUNT - 1; i += 1) {
        expect((await login(app, "wrong password", `198.51.100.${i + 31}`)).statusCode).toBe(401);
      }
    },
  );

  it.skipIf(dialect.skip)(
    "counts IPv6 clients by their /64 for logins and contact messages",
    async () => {
      const app = await open({ CONTACT_RATE_LIMIT: "2" });
      for (let i = 1; i <= MAX_FAILED_LOGINS; i += 1) {
        expect((await login(app, "wrong password", `2001:db8:1:2::${i}`)).statusCode).toBe(401);
      }
      expect((await login(app, TEST_PASSWORD, "2001:db8:1:2:ffff:1:2:3")).statusCode).toBe(429);
      expect((await login(app, TEST_PASSWORD, "2001:db8:1:3::1")).statusCode).toBe(204);

      const contact = (remoteAddress: string) =>
        app.app.inject({
          method: "POST",
          url: "/api/contact",
          headers: json,
          payload: { message: "hello" },
          remoteAddress,
        });
      expect((await contact("2001:db8:9:9::1")).statusCode).toBe(202);
      expect((await contact("2001:db8:9:9::2")).statusCode).toBe(202);
      expect((await contact("2001:db8:9:9:a:b:c:d")).statusCode).toBe(429);
      expect((await contact("2001:db8:9:a::1")).statusCode).toBe(202);
    },
  );

  it.skipIf(dialect.skip)(
    "checks at most 10 passwords for one email from many addresses, then 429 for that email only",
    async () => {
      const app = await open();
      const flood = await Promise.all(
        Array.from({ length: 30 }, (_, i) => login(app, "wrong password", `198.51.100.${i + 1}`)),
      );
      const checks = flood.filter((response) => response.statusCode === 401).length;
      expect(checks).toBeLessThanOrEqual(MAX_FAILED_LOGINS_PER_ACCOUNT);
      expect(flood.filter((r) => r.statusCode !== 401 && r.statusCode !== 429)).toEqual([]);
      // A burst may get fewer checks (refused attempts leave no record), never more: one by
      // one from fresh addresses, the email gets exactly 10 in all.
      let later = 0;
      for (let i = 0; i < 12; i += 1) {
        const response = await login(app, "wrong password", `198.51.100.${i + 50}`);
        if (response.statusCode === 401) later += 1;
      }
      expect(checks + later).toBe(MAX_FAILED_LOGINS_PER_ACCOUNT);
      // The email is limited wherever the next attempt comes from, the right password too,
      // and an unknown email is limited the same way, so the limit tells no one who exists.
      expect((await login(app, TEST_PASSWORD, "192.0.2.77")).statusCode).toBe(429);
      const unknown = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          login(app, "wrong password", `198.51.100.${i + 101}`, {}, "nobody@example.org"),
        ),
      );
      expect(unknown.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(
        MAX_FAILED_LOGINS_PER_ACCOUNT,
      );
      expect(unknown.some((r) => r.statusCode === 429)).toBe(true);
    },
  );

  it.skipIf(dialect.skip)(
    "behind a named proxy: forged, garbage and over-long X-Forwarded-For never become an identity",
    async () => {
      const app = await open({ TRUST_PROXY: "10.0.0.1", CONTACT_RATE_LIMIT: "1" });
      const proxy = "10.0.0.1";
      // A direct client (not the proxy) writing its own X-Forwarded-For is its socket address.
      for (let i = 1; i <= MAX_FAILED_LOGINS; i += 1) {
        const forged = { "x-forwarded-for": `192.0.2.${i}` };
        expect((await login(app, "wrong", "203.0.113.7", forged)).statusCode).toBe(401);
      }
      const forgedAgain = { "x-forwarded-for": "192.0.2.99" };
      expect((await login(app, TEST_PASSWORD, "203.0.113.7", forgedAgain)).statusCode).toBe(429);
      // Through the proxy, the entry the proxy appended is the client; what the client wrote
      // to the left of it changes nothing, so it cannot borrow 203.0.113.7's lock for another.
      const viaProxy = { "x-forwarded-for": "203.0.113.7, 198.51.100.20" };
      expect((await login(app, TEST_PASSWORD, proxy, viaProxy)).statusCode).toBe(204);

      // Garbage and over-long values (a varchar(64) column on PostgreSQL) are not identities:
      // every request answers normally and what is stored is a valid address.
      const odd = [
        "x".repeat(200),
        `${"1234:".repeat(30)}1`,
        "not an address",
        "203.0.113.1\u00e9",
        `${"2001:db8::1, ".repeat(300)}garbage`,
      ];
      for (const value of odd) {
        const headers = { "x-forwarded-for": value, "user-agent": "u".repeat(2000) };
        expect((await login(app, "wrong", proxy, headers)).statusCode).toBeLessThan(500);
        const subscribe = await app.app.inject({
          method: "POST",
          url: "/api/sms/subscriptions",
          headers: { ...json, ...headers },
          payload: { phone: "(206) 555-0100" },
          remoteAddress: proxy,
        });
        expect(subscribe.statusCode).toBeLessThan(300);
        const contact = await app.app.inject({
          method: "POST",
          url: "/api/contact",
          headers: { ...json, ...headers },
          payload: { message: "hello" },
          remoteAddress: proxy,
        });
        expect([202, 429]).toContain(contact.statusCode);
      }
      const db = app.database.handle.db;
      const clients = [
        // Failures per email tried are keyed by the address's digest, not by a client.
        ...(await db.selectFrom("login_failures").select("client").execute())
          .map((r) => r.client)
          .filter((client) => !client.startsWith("email:")),
        // Contact and SMS opt-in counts (one table since migration 003).
        ...(await db.selectFrom("rate_limit_hits").select("client").execute()).map((r) => r.client),
        ...(await db.selectFrom("sms_subscribers").select("client_address").execute()).map(
          (r) => r.client_address ?? "",
        ),
      ];
      for (const client of clients) expect(client).toMatch(/^(10\.0\.0\.1|203\.0\.113\.7)$/);
    },
  );
});
