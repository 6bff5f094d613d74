import { afterEach, describe, expect, it } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import { CONTACT_LIMITS } from "../../common/contact.js";
import type { AppDeps } from "../app.js";
import { createSqliteTestDatabase, type TestDatabase } from "../test-support/test-database.js";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../test-support/test-app.js";
import type { ContactMail } from "./contact-repository.js";
import type { ContactMailTransport } from "./contact-mail.js";

const valid = {
  firstName: "Avery",
  lastName: "Quill",
  email: "avery@example.org",
  message: "We would like a co-design workshop.",
};

/** Remembers what it was asked to deliver. */
function recordingTransport(): ContactMailTransport & { sent: ContactMail[] } {
  const sent: ContactMail[] = [];
  return {
    name: "recording",
    sent,
    async send(mail) {
      sent.push(mail);
    },
  };
}

describe("POST /api/contact", () => {
  let testApp: TestApp | undefined;
  const extraApps: TestApp[] = [];
  let sharedDatabase: TestDatabase | undefined;

  afterEach(async () => {
    for (const other of extraApps.splice(0)) await other.close();
    await testApp?.close();
    testApp = undefined;
    await sharedDatabase?.cleanup();
    sharedDatabase = undefined;
  });

  async function start(env: Record<string, string> = {}, deps: Partial<AppDeps> = {}) {
    testApp = await createTestApp({ env: { CONTACT_RATE_LIMIT: "0", ...env }, deps });
    return testApp;
  }

  function post(
    app: TestApp,
    payload: unknown,
    headers: Record<string, string> = {},
    remoteAddress?: string,
  ) {
    return app.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json", ...headers },
      payload: JSON.stringify(payload),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  }

  async function rows(app: TestApp) {
    return app.database.handle.db
      .selectFrom("contact_messages")
      .selectAll()
      .orderBy("created_at")
      .execute();
  }

  function errorOf(response: LightMyRequestResponse) {
    return (
      response.json() as {
        error: { code: string; message: string; fields?: Record<string, string> };
      }
    ).error;
  }

  it("stores the message before answering 202 with its id", async () => {
    const app = await start();
    const response = await post(app, valid);
    expect(response.statusCode).toBe(202);
    const { id } = response.json() as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const stored = await rows(app);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      id,
      first_name: "Avery",
      last_name: "Quill",
      email: "avery@example.org",
      message: valid.message,
      delivery_status: "pending",
      spam: 0,
      attempts: 0,
    });
  });

  it("accepts an entirely empty form (no field is required) and absent fields", async () => {
    const app = await start();
    expect(
      (await post(app, { firstName: "", lastName: "", email: "", message: "" })).statusCode,
    ).toBe(202);
    expect((await post(app, {})).statusCode).toBe(202);
    expect((await rows(app)).map((row) => row.email)).toEqual(["", ""]);
  });

  it("trims names and email", async () => {
    const app = await start();
    await post(app, { firstName: "  Avery ", lastName: " L ", email: " avery@example.org  " });
    const [row] = await rows(app);
    expect(row).toMatchObject({ first_name: "Avery", last_name: "L", email: "avery@example.org" });
  });

  it("answers 400 for an email that is not an address, storing nothing", async () => {
    const app = await start();
    for (const email of ["not-an-email", "a@", "@example.org", "a b@example.org"]) {
      const response = await post(app, { ...valid, email });
      expect(response.statusCode, email).toBe(400);
      expect(errorOf(response).fields?.email).toBe("Email must be a valid email address");
    }
    expect(await rows(app)).toHaveLength(0);
  });

  it("caps the lengths: names 100, email 254, message 5,000 characters", async () => {
    const app = await start();
    const local = "a".repeat(64);
    const longEmail = `${local}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(57)}.org`; // 254
    expect(longEmail.length).toBe(CONTACT_LIMITS.email);
    const atLimit = {
      firstName: "F".repeat(100),
      lastName: "L".repeat(100),
      email: longEmail,
      message: "m".repeat(5000),
    };
    expect((await post(app, atLimit)).statusCode).toBe(202);

    const over: Array<[keyof typeof atLimit, string, string]> = [
      ["firstName", "F".repeat(101), "First name must be 100 characters or less"],
      ["lastName", "L".repeat(101), "Last name must be 100 characters or less"],
      ["email", `x${longEmail}`, "Email must be 254 characters or less"],
      ["message", "m".repeat(5001), "Message must be 5,000 characters or less"],
    ];
    for (const [field, value, message] of over) {
      const response = await post(app, { ...atLimit, [field]: value });
      expect(response.statusCode, field).toBe(400);
      expect(errorOf(response).fields?.[field]).toBe(message);
    }
    expect(await rows(app)).toHaveLength(1);
  });

  it("keeps the course an Inquire asked about; refuses one over 120 characters naming it", async () => {
    const app = await start();
    const tooLong = await post(app, { ...valid, course: "x".repeat(CONTACT_LIMITS.course + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      error: { fields: { course: "Course must be 120 characters or less" } },
    });
    const accepted = await post(app, { ...valid, course: "  AI for Everyone " });
    expect(accepted.statusCode).toBe(202);
    const rows = await app.database.handle.db
      .selectFrom("contact_messages")
      .select(["course"])
      .execute();
    expect(rows).toEqual([{ course: "AI for Everyone" }]);
  });

  it("refuses unknown fields, non-text values and non-JSON bodies", async () => {
    const app = await start();
    expect((await post(app, { ...valid, status: "sent" })).statusCode).toBe(400);
    expect((await post(app, { ...valid, firstName: 42 })).statusCode).toBe(400);
    const form = await app.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      payload: "firstName=Avery",
    });
    expect(form.statusCode).toBe(415);
    expect(await rows(app)).toHaveLength(0);
  });

  it("refuses a cross-site post (Origin check)", async () => {
    const app = await start();
    expect((await post(app, valid, { origin: "https://evil.example" })).statusCode).toBe(403);
    const noOrigin = await app.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(valid),
    });
    expect(noOrigin.statusCode).toBe(403);
    expect(await rows(app)).toHaveLength(0);
  });

  it("answers a filled honeypot like a success, stores it as spam and never delivers it", async () => {
    const transport = recordingTransport();
    const app = await start(
      {},
      { outbox: { enabled: true, pollIntervalMs: 50 }, mailTransport: transport },
    );
    const response = await post(app, { ...valid, website: "http://spam.example" });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ id: expect.any(String) });
    const real = await post(app, valid);
    expect(real.statusCode).toBe(202);
    await expect.poll(() => transport.sent.length, { timeout: 5000 }).toBe(1);
    await new Promise((done) => setTimeout(done, 300));
    expect(transport.sent.map((mail) => mail.id)).toEqual([(real.json() as { id: string }).id]);
    const spam = (await rows(app)).find((row) => row.spam === 1);
    expect(spam).toMatchObject({
      spam_reason: "honeypot",
      delivery_status: "pending",
      attempts: 0,
    });
  });

  it("answers 403 'Forbidden' to a blocked address or domain, storing and delivering nothing", async () => {
    const transport = recordingTransport();
    const app = await start(
      { CONTACT_BLOCKLIST: "Spammer@Example.com, @blocked.example" },
      { outbox: { enabled: true, pollIntervalMs: 50 }, mailTransport: transport },
    );
    for (const email of ["spammer@example.com", "SPAMMER@example.COM", "anyone@blocked.example"]) {
      const response = await post(app, { ...valid, email });
      expect(response.statusCode, email).toBe(403);
      expect(errorOf(response)).toEqual({ code: "forbidden", message: "Forbidden" });
    }
    // Neighbours of a blocked entry are not blocked.
    expect((await post(app, { ...valid, email: "other@example.com" })).statusCode).toBe(202);
    expect((await post(app, { ...valid, email: "a@notblocked.example" })).statusCode).toBe(202);
    expect(await rows(app)).toHaveLength(2);
    await expect.poll(() => transport.sent.length, { timeout: 5000 }).toBe(2);
  });

  it("limits each client address to CONTACT_RATE_LIMIT per minute, then 429 with Retry-After", async () => {
    let now = Date.parse("2025-06-01T12:00:00.000Z");
    const app = await start({ CONTACT_RATE_LIMIT: "3" }, { clock: () => now });
    for (let i = 0; i < 3; i += 1) {
      expect((await post(app, valid, {}, "203.0.113.7")).statusCode).toBe(202);
      now += 1000;
    }
    const limited = await post(app, valid, {}, "203.0.113.7");
    expect(limited.statusCode).toBe(429);
    // The first of the three leaves the window 60 s after it came: 57 s from now.
    expect(limited.headers["retry-after"]).toBe("57");
    expect(errorOf(limited).code).toBe("too_many_requests");
    // Another address is not affected.
    expect((await post(app, valid, {}, "198.51.100.1")).statusCode).toBe(202);
    expect(await rows(app)).toHaveLength(4);
    // Refused attempts are not counted: once the first leaves the window, one more fits.
    now += 57_000;
    expect((await post(app, valid, {}, "203.0.113.7")).statusCode).toBe(202);
    expect((await post(app, valid, {}, "203.0.113.7")).statusCode).toBe(429);
  });

  it("shares the rate limit between instances on one database", async () => {
    sharedDatabase = await createSqliteTestDatabase();
    const env = { CONTACT_RATE_LIMIT: "2" };
    const first = await createTestApp({ database: sharedDatabase, env });
    const second = await createTestApp({
      database: { ...sharedDatabase, handle: sharedDatabase.openAnother() },
      env,
    });
    extraApps.push(first, second);
    expect((await post(first, valid, {}, "203.0.113.9")).statusCode).toBe(202);
    expect((await post(second, valid, {}, "203.0.113.9")).statusCode).toBe(202);
    expect((await post(first, valid, {}, "203.0.113.9")).statusCode).toBe(429);
    expect((await post(second, valid, {}, "203.0.113.9")).statusCode).toBe(429);
  });

  it("turns the limit off with CONTACT_RATE_LIMIT=0", async () => {
    const app = await start({ CONTACT_RATE_LIMIT: "0" });
    for (let i = 0; i < 12; i += 1) expect((await post(app, valid)).statusCode).toBe(202);
  });

  it("limits to 5 per minute by default", async () => {
    testApp = await createTestApp();
    for (let i = 0; i < 5; i += 1) expect((await post(testApp, valid)).statusCode).toBe(202);
    expect((await post(testApp, valid)).statusCode).toBe(429);
  });
});
