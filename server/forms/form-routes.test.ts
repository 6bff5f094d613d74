import { Writable } from "node:stream";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import type { FormOutcome } from "../../common/form-outcome.js";
import { controlCharacterMessage } from "../../common/text.js";
import type { AppDeps } from "../app.js";
import type { ContactMail } from "../contact/contact-repository.js";
import type { ContactMailTransport } from "../contact/contact-mail.js";
import { logSerializers } from "../http/request-log.js";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../test-support/test-app.js";
import { createFormOutcomeStore, type FormOutcomeStore } from "./form-outcome-store.js";
import { parseFormBody } from "./form-routes.js";

// The forms posted without JavaScript (decision 023): the same schema and protections as the
// JSON API, answered 303 with a single-use outcome id, never a typed value in an address.

const FORM_TYPE = "application/x-www-form-urlencoded";
const ID_IN_LOCATION = /^\/(contact-desktop|contact-mobile|sms-opt-in)\?form=[A-Za-z0-9_-]{22}$/;

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

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

async function start(env: Record<string, string> = {}, deps: Partial<AppDeps> = {}) {
  testApp = await createTestApp({
    env: { CONTACT_RATE_LIMIT: "0", SMS_RATE_LIMIT: "0", SMS_WEBHOOK_TOKEN: "tok", ...env },
    deps,
  });
  return testApp;
}

function post(
  app: TestApp,
  path: string,
  fields: Record<string, string> | string,
  headers: Record<string, string> = {},
) {
  return app.app.inject({
    method: "POST",
    url: path,
    headers: { origin: TEST_ORIGIN, "content-type": FORM_TYPE, ...headers },
    payload: typeof fields === "string" ? fields : new URLSearchParams(fields).toString(),
  });
}

/** The outcome a 303 names, taken from the store as the page after the redirect does. */
async function outcomeOf(
  app: TestApp,
  location: string | undefined,
  store: FormOutcomeStore = createFormOutcomeStore(app.database.handle.db, Date.now),
): Promise<FormOutcome | undefined> {
  expect(location).toMatch(ID_IN_LOCATION);
  const url = new URL(location!, "http://localhost");
  return store.take(url.pathname, url.searchParams.get("form")!);
}

async function messages(app: TestApp) {
  return app.database.handle.db.selectFrom("contact_messages").selectAll().execute();
}

async function outcomeRows(app: TestApp) {
  return app.database.handle.db.selectFrom("form_outcomes").selectAll().execute();
}

const typed = {
  firstName: "Avery",
  lastName: "Quill",
  email: "avery@example.org",
  message: "A workshop, please.\r\nSecond line.",
  website: "",
};

describe("POST /contact-desktop and /contact-mobile (urlencoded)", () => {
  it.each(["/contact-desktop", "/contact-mobile"])(
    "%s stores the message once, delivers it once, and redirects with only an id",
    async (path) => {
      const transport = recordingTransport();
      const app = await start(
        {},
        { outbox: { enabled: true, pollIntervalMs: 20 }, mailTransport: transport },
      );
      const response = await post(app, path, typed);
      expect(response.statusCode).toBe(303);
      expect(response.headers["cache-control"]).toBe("no-store");
      const location = String(response.headers.location);
      expect(location.startsWith(`${path}?form=`)).toBe(true);
      for (const value of ["Avery", "Quill", "avery", "workshop"]) {
        expect(location).not.toContain(value);
      }
      expect(await outcomeOf(app, location)).toEqual({ form: "contact", status: 202, sent: true });

      const rows = await messages(app);
      expect(rows).toHaveLength(1);
      // The browser's CR LF is stored as the LF the visitor typed.
      expect(rows[0]).toMatchObject({
        first_name: "Avery",
        last_name: "Quill",
        email: "avery@example.org",
        message: "A workshop, please.\nSecond line.",
      });
      await expect.poll(() => transport.sent.length).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(transport.sent).toHaveLength(1);
      expect(transport.sent[0]?.message).toBe("A workshop, please.\nSecond line.");
    },
  );

  it.each([
    [
      "an invalid email",
      { email: "avery@localhost" },
      { email: "Email must be a valid email address" },
    ],
    [
      "an over-long first name",
      { firstName: "x".repeat(101) },
      { firstName: "First name must be 100 characters or less" },
    ],
    [
      "an over-long message",
      { message: "x".repeat(5001) },
      { message: "Message must be 5,000 characters or less" },
    ],
    [
      "a control character",
      { lastName: "Love\u0007lace" },
      { lastName: controlCharacterMessage("Last name") },
    ],
    ["an unknown field", { extra: "1" }, { extra: "Unknown field: extra" }],
  ])(
    "%s: the API's 400 as the outcome, the typed values kept for the page, nothing stored",
    async (_name, change, fields) => {
      const app = await start();
      const sent = { ...typed, ...change };
      const response = await post(app, "/contact-mobile", sent);
      expect(response.statusCode).toBe(303);
      expect(String(response.headers.location)).not.toContain("Avery");
      const outcome = await outcomeOf(app, response.headers.location as string);
      expect(outcome).toEqual({
        form: "contact",
        status: 400,
        sent: false,
        values: {
          firstName: sent.firstName,
          lastName: sent.lastName,
          email: sent.email,
          message: sent.message.replace(/\r\n/g, "\n"),
        },
        fields,
      });
      expect(await messages(app)).toHaveLength(0);
    },
  );

  it("a field sent twice is refused (400), not one value silently chosen", async () => {
    const app = await start();
    const response = await post(app, "/contact-desktop", "message=one&message=two");
    const outcome = await outcomeOf(app, response.headers.location as string);
    expect(outcome).toMatchObject({
      status: 400,
      sent: false,
      fields: { message: "Message must be text" },
    });
    expect(await messages(app)).toHaveLength(0);
  });

  it("refuses a post without the site's Origin (403) and keeps nothing", async () => {
    const app = await start();
    for (const origin of [undefined, "https://evil.example"]) {
      const response = await app.app.inject({
        method: "POST",
        url: "/contact-desktop",
        headers: { "content-type": FORM_TYPE, ...(origin ? { origin } : {}) },
        payload: new URLSearchParams(typed).toString(),
      });
      expect(response.statusCode).toBe(403);
    }
    expect(await messages(app)).toHaveLength(0);
    expect(await outcomeRows(app)).toHaveLength(0);
  });

  it("a filled honeypot is thanked like a success, stored as spam and never delivered", async () => {
    const transport = recordingTransport();
    const app = await start(
      {},
      { outbox: { enabled: true, pollIntervalMs: 20 }, mailTransport: transport },
    );
    const response = await post(app, "/contact-desktop", {
      ...typed,
      website: "http://spam.example",
    });
    expect(await outcomeOf(app, response.headers.location as string)).toMatchObject({ sent: true });
    const rows = await messages(app);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.spam).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(transport.sent).toHaveLength(0);
  });

  it("a blocked sender gets the API's 403 as the outcome; nothing stored", async () => {
    const app = await start({ CONTACT_BLOCKLIST: "@blocked.example" });
    const response = await post(app, "/contact-desktop", { ...typed, email: "x@blocked.example" });
    expect(await outcomeOf(app, response.headers.location as string)).toMatchObject({
      status: 403,
      sent: false,
      values: { email: "x@blocked.example" },
    });
    expect(await messages(app)).toHaveLength(0);
  });

  it("shares the API's rate limit: over it, 429 as the outcome and nothing more stored", async () => {
    const app = await start({ CONTACT_RATE_LIMIT: "1" });
    const api = await app.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: JSON.stringify({ message: "first" }),
    });
    expect(api.statusCode).toBe(202);
    const response = await post(app, "/contact-desktop", typed);
    expect(await outcomeOf(app, response.headers.location as string)).toMatchObject({
      status: 429,
      sent: false,
      values: { firstName: "Avery" },
    });
    expect(await messages(app)).toHaveLength(1);
  });

  it("answers a body over the limit 413 and another body type 415, never 500", async () => {
    const app = await start();
    const big = await post(app, "/contact-desktop", { message: "x".repeat(20_000) });
    expect(big.statusCode).toBe(413);
    const multipart = await post(app, "/contact-desktop", "x", {
      "content-type": "multipart/form-data; boundary=x",
    });
    expect(multipart.statusCode).toBe(415);
    expect(await messages(app)).toHaveLength(0);
  });
});

describe("POST /sms-opt-in (urlencoded)", () => {
  async function subscribers(app: TestApp) {
    return app.database.handle.db.selectFrom("sms_subscribers").selectAll().execute();
  }

  it("subscribes the number with its consent record; a second post keeps one row", async () => {
    const app = await start();
    const response = await post(app, "/sms-opt-in", {
      phone: "(206) 555-0100",
      source: "/sms-opt-in",
    });
    expect(response.statusCode).toBe(303);
    expect(String(response.headers.location)).not.toMatch(/206|555|0100/);
    expect(await outcomeOf(app, response.headers.location as string)).toEqual({
      form: "sms",
      status: 201,
      subscribed: true,
    });
    const again = await post(app, "/sms-opt-in", { phone: "2065550100", source: "/sms-opt-in" });
    expect(await outcomeOf(app, again.headers.location as string)).toMatchObject({ status: 200 });
    const rows = await subscribers(app);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      phone: "+12065550100",
      status: "subscribed",
      source: "/sms-opt-in",
    });
  });

  it.each([
    ["", "Please enter a valid phone number"],
    ["555-01", "Please enter a valid 10-digit phone number"],
    ["+1 206 555 0100", "Please enter a valid 10-digit phone number"],
  ])(
    "%j: the field's message as a 400 outcome, the number kept, nothing stored",
    async (phone, error) => {
      const app = await start();
      const response = await post(app, "/sms-opt-in", { phone, source: "/sms-opt-in" });
      expect(await outcomeOf(app, response.headers.location as string)).toEqual({
        form: "sms",
        status: 400,
        subscribed: false,
        phone,
        error,
        failed: false,
      });
      expect(await subscribers(app)).toHaveLength(0);
    },
  );

  it("a number that texted STOP is thanked but stays unsubscribed (the history records the request)", async () => {
    const app = await start();
    await post(app, "/sms-opt-in", { phone: "2065550100" });
    const stop = await app.app.inject({
      method: "POST",
      url: "/api/sms/inbound",
      headers: { "content-type": FORM_TYPE, authorization: "Bearer tok" },
      payload: "From=%2B12065550100&Body=STOP",
    });
    expect(stop.statusCode).toBe(200);
    const response = await post(app, "/sms-opt-in", { phone: "2065550100" });
    expect(await outcomeOf(app, response.headers.location as string)).toMatchObject({
      subscribed: true,
    });
    expect((await subscribers(app))[0]?.status).toBe("unsubscribed");
  });

  it("shares the API's rate limit: over it, 429 as the outcome with the failure text", async () => {
    const app = await start({ SMS_RATE_LIMIT: "1" });
    await post(app, "/sms-opt-in", { phone: "2065550100" });
    const response = await post(app, "/sms-opt-in", { phone: "2065550101" });
    expect(await outcomeOf(app, response.headers.location as string)).toEqual({
      form: "sms",
      status: 429,
      subscribed: false,
      phone: "2065550101",
      error: null,
      failed: true,
    });
    expect(await subscribers(app)).toHaveLength(1);
  });
});

describe("the server's log", () => {
  it("never holds what was typed into a form posted without JavaScript", async () => {
    let output = "";
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        output += chunk.toString();
        done();
      },
    });
    const logger = pino({ level: "info", serializers: logSerializers }, sink);
    const app = await start({ CONTACT_BLOCKLIST: "@blocked.example" }, { logger });
    const secrets = [
      "Quentin",
      "Quarrel",
      "quentin@blocked.example",
      "Ring me tomorrow",
      "2065550199",
    ];
    await post(app, "/contact-desktop", { firstName: "Quentin", message: "Ring me tomorrow" });
    await post(app, "/contact-mobile", { lastName: "Quarrel", email: "not an address" });
    await post(app, "/contact-mobile", { email: "quentin@blocked.example" });
    await post(app, "/sms-opt-in", { phone: "2065550199" });
    await post(app, "/sms-opt-in", { phone: "20655501999" });
    await app.close();
    testApp = undefined;
    expect(output).toContain("request completed");
    for (const secret of secrets) expect(output).not.toContain(secret);
  });
});

describe("parseFormBody", () => {
  it("keeps a repeated name as a list and turns CR LF into LF", () => {
    expect(parseFormBody("a=1&a=2&b=x%0D%0Ay&c=")).toEqual({ a: ["1", "2"], b: "x\ny", c: "" });
  });
});
