import { afterEach, describe, expect, it } from "vitest";
import type { AppDeps } from "../app.js";
import { createContactRepository } from "./contact-repository.js";
import { createSqliteTestDatabase, type TestDatabase } from "../test-support/test-database.js";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../test-support/test-app.js";
import { freePort } from "../test-support/free-port.js";
import { startTestSmtpServer, type TestSmtpServer } from "../mail/test-smtp-server.js";

const INBOX = "inbox@consultancy.example";

function smtpEnv(url: string): Record<string, string> {
  return { MAIL_TRANSPORT: "smtp", SMTP_URL: url, CONTACT_TO: INBOX, CONTACT_RATE_LIMIT: "0" };
}

async function submit(app: TestApp, payload: Record<string, string>): Promise<string> {
  const response = await app.app.inject({
    method: "POST",
    url: "/api/contact",
    headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });
  expect(response.statusCode).toBe(202);
  return (response.json() as { id: string }).id;
}

async function row(database: TestDatabase, id: string) {
  return database.handle.db
    .selectFrom("contact_messages")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

const fastOutbox: AppDeps["outbox"] = { enabled: true, pollIntervalMs: 100 };

describe("contact delivery through a real SMTP server on loopback", () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function smtp(port = 0, options: { delayMs?: number } = {}): Promise<TestSmtpServer> {
    const server = await startTestSmtpServer(port, options);
    cleanups.push(() => server.close());
    return server;
  }

  async function database(): Promise<TestDatabase> {
    const db = await createSqliteTestDatabase();
    cleanups.push(() => db.cleanup());
    return db;
  }

  async function app(db: TestDatabase, env: Record<string, string>, deps: Partial<AppDeps> = {}) {
    const built = await createTestApp({ database: db, env, deps: { outbox: fastOutbox, ...deps } });
    let closed = false;
    cleanups.push(async () => {
      if (!closed) await built.close();
    });
    return {
      ...built,
      async close() {
        closed = true;
        await built.close();
      },
    };
  }

  it("delivers to CONTACT_TO with Reply-To the visitor, a subject naming them, and the body", async () => {
    const server = await smtp();
    const db = await database();
    const testApp = await app(db, smtpEnv(server.url));
    const id = await submit(testApp, {
      firstName: "Avery",
      lastName: "Quill",
      email: "avery@example.org",
      message: "Hello!\nWe would like a co-design workshop for our library.",
    });

    const [mail] = await server.waitFor(1);
    expect(mail!.rcptTo).toEqual([INBOX]);
    expect(mail!.mailFrom).toBe(INBOX);
    expect(mail!.headers.get("to")).toBe(INBOX);
    expect(mail!.headers.get("reply-to")).toBe("Avery Quill <avery@example.org>");
    expect(mail!.headers.get("subject")).toBe("Website contact form: message from Avery Quill");
    expect(mail!.headers.get("message-id")).toBe(`<contact-${id}@consultancy.example>`);
    expect(mail!.headers.has("cc")).toBe(false);
    expect(mail!.headers.has("bcc")).toBe(false);

    const stored = await row(db, id);
    expect(mail!.text).toBe(
      [
        "A visitor sent this message through the website contact form.",
        "",
        "From: Avery Quill",
        "Reply to: avery@example.org",
        `Received: ${stored.created_at}`,
        `Reference: ${id}`,
        "",
        "Message:",
        "Hello!",
        "We would like a co-design workshop for our library.",
        "",
      ].join("\n"),
    );
    await expect.poll(async () => (await row(db, id)).delivery_status).toBe("sent");
    expect(await row(db, id)).toMatchObject({
      attempts: 1,
      last_error: null,
      claimed_by: null,
      delivered_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it("keeps header injection out: line breaks in names cannot add recipients or headers", async () => {
    const server = await smtp();
    const db = await database();
    const testApp = await app(db, smtpEnv(server.url));
    const message = {
      firstName: "Eve\r\nBcc: victim@example.net",
      lastName: "X\nSubject: hijacked",
      email: "eve@example.org",
      message: "hi",
    };
    // The API refuses line breaks in names (control characters, docs/product.md section 10)…
    const refused = await testApp.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: JSON.stringify(message),
    });
    expect(refused.statusCode).toBe(400);
    // …and the mail builder stays safe for a row that holds them anyway (stored before the rule).
    await createContactRepository(db.handle.db, db.handle.dialect, Date.now).insert({
      ...message,
      spamReason: null,
    });
    const [mail] = await server.waitFor(1);
    expect(mail!.rcptTo).toEqual([INBOX]);
    expect(mail!.headers.has("bcc")).toBe(false);
    expect(mail!.headers.get("subject")).toBe(
      "Website contact form: message from Eve Bcc: victim@example.net X Subject: hijacked",
    );
    const head = mail!.raw.slice(0, mail!.raw.indexOf("\r\n\r\n"));
    expect(head).not.toMatch(/^(Bcc|Subject: hijacked)/im);
    expect(mail!.text).toContain("From: Eve Bcc: victim@example.net X Subject: hijacked\n");
  });

  it("sends without Reply-To when the visitor gave no email, naming them by address or anonymity", async () => {
    const server = await smtp();
    const db = await database();
    const testApp = await app(db, smtpEnv(server.url));
    await submit(testApp, { message: "no name, no email" });
    const [mail] = await server.waitFor(1);
    expect(mail!.headers.has("reply-to")).toBe(false);
    expect(mail!.headers.get("subject")).toBe(
      "Website contact form: message from an anonymous visitor",
    );
    expect(mail!.text).toContain("From: (no name given)\nReply to: (no email given)\n");
  });

  it("an Inquire's course is stored with the message, listed in the inbox and delivered, with and without JavaScript", async () => {
    const server = await smtp();
    const db = await database();
    const testApp = await app(db, smtpEnv(server.url));
    const id = await submit(testApp, {
      firstName: "Avery",
      email: "avery@example.org",
      message: "We will be happy to help you! Please tell us what class you are interested in.",
      course: "AI for Everyone",
    });
    // The same form posted without JavaScript: the hidden field carries the course.
    const posted = await testApp.app.inject({
      method: "POST",
      url: "/contact-mobile",
      headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        firstName: "Blake",
        message: "Typed before the script came.",
        course: "Games-Based Learning",
        website: "",
      }).toString(),
    });
    expect(posted.statusCode).toBe(303);

    const mails = await server.waitFor(2);
    const texts = mails.map((mail) => mail!.text);
    expect(texts.find((text) => text.includes("From: Avery"))).toContain(
      [
        "From: Avery",
        "Reply to: avery@example.org",
        "About: AI for Everyone",
        `Received: ${(await row(db, id)).created_at}`,
      ].join("\n"),
    );
    expect(texts.find((text) => text.includes("From: Blake"))).toContain(
      "About: Games-Based Learning",
    );
    expect((await row(db, id)).course).toBe("AI for Everyone");

    const cookie = await testApp.login();
    const inbox = await testApp.app.inject({
      method: "GET",
      url: "/api/admin/messages",
      headers: { cookie },
    });
    const listed = inbox.json<{ messages: { firstName: string; course: string | null }[] }>();
    expect(listed.messages.map((message) => [message.firstName, message.course]).sort()).toEqual([
      ["Avery", "AI for Everyone"],
      ["Blake", "Games-Based Learning"],
    ]);
  });

  it("SMTP down at submission: the form still succeeds and the mail arrives once the server is back", async () => {
    const port = await freePort();
    const db = await database();
    const testApp = await app(db, smtpEnv(`smtp://127.0.0.1:${port}`));
    const id = await submit(testApp, {
      firstName: "Rowan",
      email: "rowan@example.org",
      message: "still there?",
    });

    // The first attempt fails (nothing listens) and is recorded with its error and next time.
    await expect.poll(async () => (await row(db, id)).attempts, { timeout: 10_000 }).toBe(1);
    const failed = await row(db, id);
    expect(failed.delivery_status).toBe("pending");
    expect(failed.last_error).toMatch(/ECONNREFUSED/);
    const retryIn = Date.parse(failed.next_attempt_at) - Date.now();
    expect(retryIn).toBeLessThanOrEqual(10_000);

    const server = await smtp(port);
    const [mail] = await server.waitFor(1, 15_000);
    expect(mail!.headers.get("reply-to")).toBe("Rowan <rowan@example.org>");
    await expect.poll(async () => (await row(db, id)).delivery_status).toBe("sent");
    // The attempt count and the error of the failed attempt are kept.
    expect(await row(db, id)).toMatchObject({ attempts: 2, last_error: failed.last_error });
    expect(server.mails).toHaveLength(1);
  }, 40_000);

  it("restart with pending rows (one left claimed by a crashed instance): each is delivered once", async () => {
    const server = await smtp();
    const db = await database();
    // First run: the worker is off (as if the process died before delivering).
    const first = await app(db, smtpEnv(server.url), { outbox: { enabled: false } });
    const ids = [
      await submit(first, { firstName: "One", message: "1" }),
      await submit(first, { firstName: "Two", message: "2" }),
      await submit(first, { firstName: "Three", message: "3" }),
    ];
    // A crashed instance held the second one; its claim has lapsed.
    await db.handle.db
      .updateTable("contact_messages")
      .set({
        claimed_by: "dead-host:1:abc/claim",
        claim_expires_at: new Date(Date.now() - 1000).toISOString(),
      })
      .where("id", "=", ids[1]!)
      .execute();
    await first.close();
    expect(server.mails).toHaveLength(0);

    const second = await app(db, smtpEnv(server.url));
    await server.waitFor(3);
    await new Promise((done) => setTimeout(done, 500));
    const delivered = server.mails.map((mail) => mail.headers.get("message-id"));
    expect(delivered.sort()).toEqual(ids.map((id) => `<contact-${id}@consultancy.example>`).sort());
    for (const id of ids) expect((await row(db, id)).delivery_status).toBe("sent");

    // And a later restart sends nothing again.
    await second.close();
    await app(db, smtpEnv(server.url));
    await new Promise((done) => setTimeout(done, 500));
    expect(server.mails).toHaveLength(3);
  });

  it("a claim is renewed while its send runs: a second instance never sends the row again", async () => {
    // Claims of 600 ms against a mail server that takes 2.5 s: without renewal the claim would
    // lapse four times during the send and the other instance would deliver it a second time.
    const server = await smtp(0, { delayMs: 2500 });
    const db = await database();
    const shortClaims = { ...fastOutbox, claimTtlMs: 600, sendTimeoutMs: 10_000 };
    const first = await app(db, smtpEnv(server.url), { outbox: shortClaims });
    const id = await submit(first, { firstName: "Slow", message: "slow server" });
    await expect.poll(async () => (await row(db, id)).claimed_by, { timeout: 5000 }).not.toBeNull();
    const other = { ...db, handle: db.openAnother() };
    await app(other, smtpEnv(server.url), { outbox: shortClaims });
    await server.waitFor(1);
    await expect.poll(async () => (await row(db, id)).delivery_status).toBe("sent");
    // Long enough for a second send to have reached the server had one started.
    await new Promise((done) => setTimeout(done, 3000));
    expect(server.mails).toHaveLength(1);
  });

  it("closing the app waits for a send in progress and records it (nothing left half-done)", async () => {
    const server = await smtp(0, { delayMs: 700 });
    const db = await database();
    const testApp = await app(db, smtpEnv(server.url));
    const id = await submit(testApp, { firstName: "Slow", message: "slow server" });
    await expect.poll(async () => (await row(db, id)).claimed_by, { timeout: 5000 }).not.toBeNull();
    await testApp.close();
    expect(server.mails).toHaveLength(1);
    expect(await row(db, id)).toMatchObject({
      delivery_status: "sent",
      claimed_by: null,
      attempts: 1,
    });
  });
});
