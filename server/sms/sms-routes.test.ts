import { afterEach, describe, expect, it } from "vitest";
import {
  SMS_CONSENT_TEXT,
  SMS_CONSENT_VERSION,
  SMS_START_KEYWORDS,
  SMS_STOP_KEYWORDS,
} from "../../common/sms.js";
import { organisationSeed } from "../../common/content/seed/organisation.js";
import { smsHelpReply } from "../../common/organisation.js";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../test-support/test-app.js";

const TOKEN = "webhook-secret-token-0123";

describe("SMS opt-in API and inbound webhook", () => {
  let testApp: TestApp | undefined;

  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
  });

  async function start(env: Record<string, string> = { SMS_WEBHOOK_TOKEN: TOKEN }) {
    let now = Date.parse("2025-06-01T12:00:00.000Z");
    testApp = await createTestApp({ env, deps: { clock: () => now } });
    return {
      app: testApp,
      advance(ms: number) {
        now += ms;
      },
    };
  }

  function subscribe(app: TestApp, payload: unknown, headers: Record<string, string> = {}) {
    return app.app.inject({
      method: "POST",
      url: "/api/sms/subscriptions",
      headers: {
        origin: TEST_ORIGIN,
        "content-type": "application/json",
        "user-agent": "Mozilla/5.0 (Test) Chromium",
        ...headers,
      },
      payload: JSON.stringify(payload),
      remoteAddress: "203.0.113.5",
    });
  }

  function inbound(
    app: TestApp,
    form: Record<string, string>,
    auth: { header?: string; query?: string } = {},
  ) {
    const query = auth.query === undefined ? "" : `?token=${encodeURIComponent(auth.query)}`;
    return app.app.inject({
      method: "POST",
      url: `/api/sms/inbound${query}`,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(auth.header ? { authorization: auth.header } : {}),
      },
      payload: new URLSearchParams(form).toString(),
    });
  }

  const bearer = { header: `Bearer ${TOKEN}` };

  async function subscribers(app: TestApp) {
    return app.database.handle.db.selectFrom("sms_subscribers").selectAll().execute();
  }

  describe("POST /api/sms/subscriptions", () => {
    it("stores a new number as E.164 with the consent record: 201", async () => {
      const { app } = await start();
      const response = await subscribe(app, { phone: "(206) 555-0100", source: "/sms-opt-in" });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ phone: "+12065550100", status: "subscribed" });
      const rows = await subscribers(app);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        phone: "+12065550100",
        status: "subscribed",
        consent_text: SMS_CONSENT_TEXT,
        consent_version: SMS_CONSENT_VERSION,
        consented_at: "2025-06-01T12:00:00.000Z",
        source: "/sms-opt-in",
        client_address: "203.0.113.5",
        user_agent: "Mozilla/5.0 (Test) Chromium",
        unsubscribed_at: null,
      });
    });

    it("the same number again: 200, still one row, consent refreshed", async () => {
      const { app, advance } = await start();
      expect((await subscribe(app, { phone: "206-555-0100" })).statusCode).toBe(201);
      advance(60_000);
      const again = await subscribe(
        app,
        { phone: "2065550100", source: "/sms-opt-in" },
        { "user-agent": "Other" },
      );
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ phone: "+12065550100", status: "subscribed" });
      const rows = await subscribers(app);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        consented_at: "2025-06-01T12:01:00.000Z",
        created_at: "2025-06-01T12:00:00.000Z",
        user_agent: "Other",
        source: "/sms-opt-in",
      });
    });

    it("a web opt-in after STOP is thanked and recorded, but the number stays unsubscribed until START", async () => {
      const { app, advance } = await start();
      await subscribe(app, { phone: "2065550100" });
      advance(1000);
      await inbound(app, { From: "+12065550100", Body: "STOP" }, bearer);
      const [stopped] = await subscribers(app);
      expect(stopped?.status).toBe("unsubscribed");
      advance(1000);
      const again = await subscribe(app, { phone: "2065550100" });
      expect(again.statusCode).toBe(200);
      expect((await subscribers(app))[0]).toMatchObject({
        status: "unsubscribed",
        unsubscribed_at: stopped?.unsubscribed_at,
        consented_at: stopped?.consented_at,
      });
      advance(1000);
      await inbound(app, { From: "+12065550100", Body: "START" }, bearer);
      expect((await subscribers(app))[0]).toMatchObject({
        status: "subscribed",
        unsubscribed_at: null,
      });
      const history = await app.database.handle.db
        .selectFrom("sms_consent_events")
        .select(["kind", "channel", "status_after", "client_address"])
        .orderBy("occurred_at")
        .execute();
      expect(history).toEqual([
        {
          kind: "opt_in",
          channel: "web",
          status_after: "subscribed",
          client_address: "203.0.113.5",
        },
        { kind: "stop", channel: "sms", status_after: "unsubscribed", client_address: null },
        {
          kind: "opt_in",
          channel: "web",
          status_after: "unsubscribed",
          client_address: "203.0.113.5",
        },
        { kind: "start", channel: "sms", status_after: "subscribed", client_address: null },
      ]);
    });

    it("applies the rules of docs/product.md section 8 with its exact messages", async () => {
      const { app } = await start();
      const cases: Array<[unknown, string]> = [
        [{ phone: "" }, "Please enter a valid phone number"],
        [{ phone: "   " }, "Please enter a valid phone number"],
        [{}, "Please enter a valid phone number"],
        [{ phone: 2065550100 }, "Please enter a valid phone number"],
        [{ phone: "555-0100" }, "Please enter a valid 10-digit phone number"],
        [{ phone: "+1 206 555 0100" }, "Please enter a valid 10-digit phone number"],
        [{ phone: "abc" }, "Please enter a valid 10-digit phone number"],
      ];
      for (const [payload, message] of cases) {
        const response = await subscribe(app, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect((response.json() as { error: { message: string } }).error.message).toBe(message);
      }
      expect(await subscribers(app)).toHaveLength(0);
    });

    it("never takes consent text from the client; refuses unknown fields and bad sources", async () => {
      const { app } = await start();
      const forged = await subscribe(app, {
        phone: "2065550100",
        consentText: "I agree to nothing",
      });
      expect(forged.statusCode).toBe(400);
      for (const source of [
        "https://evil.example/x",
        "//evil.example",
        "sms-opt-in",
        "/a b",
        "/x?y=1",
      ]) {
        expect((await subscribe(app, { phone: "2065550100", source })).statusCode, source).toBe(
          400,
        );
      }
      expect(await subscribers(app)).toHaveLength(0);
    });

    it("falls back to the Referer's path for the source", async () => {
      const { app } = await start();
      await subscribe(
        app,
        { phone: "2065550100" },
        { referer: "http://localhost/sms-opt-in?utm=x" },
      );
      expect((await subscribers(app))[0]?.source).toBe("/sms-opt-in");
      await subscribe(app, { phone: "2065550101" });
      expect(
        (await subscribers(app)).find((row) => row.phone === "+12065550101")?.source,
      ).toBeNull();
    });

    it("is Origin-checked like every browser write", async () => {
      const { app } = await start();
      expect(
        (await subscribe(app, { phone: "2065550100" }, { origin: "https://evil.example" }))
          .statusCode,
      ).toBe(403);
    });
  });

  describe("POST /api/sms/inbound", () => {
    it("refuses a missing or wrong token with 401 (no Origin needed)", async () => {
      const { app } = await start();
      const form = { From: "+12065550100", Body: "STOP" };
      expect((await inbound(app, form)).statusCode).toBe(401);
      expect((await inbound(app, form, { header: "Bearer wrong" })).statusCode).toBe(401);
      expect((await inbound(app, form, { query: `${TOKEN}x` })).statusCode).toBe(401);
      expect((await inbound(app, form, { query: TOKEN })).statusCode).toBe(200);
      expect((await inbound(app, form, bearer)).statusCode).toBe(200);
      const basic = `Basic ${Buffer.from(`twilio:${TOKEN}`).toString("base64")}`;
      expect((await inbound(app, form, { header: basic })).statusCode).toBe(200);
    });

    it("answers 401 to everything while SMS_WEBHOOK_TOKEN is not set", async () => {
      const { app } = await start({});
      expect(
        (await inbound(app, { From: "+12065550100", Body: "STOP" }, { header: "Bearer " }))
          .statusCode,
      ).toBe(401);
      expect(
        (await inbound(app, { From: "+12065550100", Body: "STOP" }, { query: "" })).statusCode,
      ).toBe(401);
    });

    it("every opt-out keyword, in any case and with spaces, unsubscribes with the time; the row stays", async () => {
      const { app, advance } = await start();
      const variants = SMS_STOP_KEYWORDS.flatMap((word) => [word, `  ${word.toLowerCase()} `]);
      for (const body of variants) {
        await subscribe(app, { phone: "2065550100" });
        advance(1000);
        const response = await inbound(app, { From: "+12065550100", Body: body }, bearer);
        expect(response.statusCode, body).toBe(200);
        expect(response.headers["content-type"]).toBe("text/xml; charset=utf-8");
        expect(response.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
        const rows = await subscribers(app);
        expect(rows, body).toHaveLength(1);
        expect(rows[0], body).toMatchObject({
          status: "unsubscribed",
          unsubscribed_at: expect.any(String),
        });
      }
    });

    it("a repeated STOP keeps the first opt-out time", async () => {
      const { app, advance } = await start();
      await subscribe(app, { phone: "2065550100" });
      await inbound(app, { From: "+12065550100", Body: "STOP" }, bearer);
      advance(5000);
      await inbound(app, { From: "+12065550100", Body: "Quit" }, bearer);
      expect((await subscribers(app))[0]?.unsubscribed_at).toBe("2025-06-01T12:00:00.000Z");
    });

    it("every opt-in keyword resubscribes", async () => {
      const { app } = await start();
      await subscribe(app, { phone: "2065550100" });
      for (const word of SMS_START_KEYWORDS) {
        for (const body of [word, ` ${word.toLowerCase()}  `]) {
          await inbound(app, { From: "+12065550100", Body: "STOP" }, bearer);
          const response = await inbound(app, { From: "+12065550100", Body: body }, bearer);
          expect(response.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
          expect((await subscribers(app))[0], body).toMatchObject({
            status: "subscribed",
            unsubscribed_at: null,
          });
        }
      }
    });

    it("HELP answers the program name and how to stop, as TwiML", async () => {
      const { app } = await start();
      const reply = smsHelpReply(organisationSeed);
      expect(reply).toBe(
        "Commons Learning Design text updates. Msg frequency varies. Msg & data rates may apply. " +
          "Email hello@example.org or call (206) 555-0142 for help. Reply STOP to unsubscribe.",
      );
      for (const body of ["HELP", " help "]) {
        const response = await inbound(app, { From: "+12065550100", Body: body }, bearer);
        expect(response.statusCode).toBe(200);
        expect(response.headers["content-type"]).toBe("text/xml; charset=utf-8");
        expect(response.body).toBe(
          `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${reply.replace(/&/g, "&#38;")}</Message></Response>`,
        );
      }
    });

    it("HELP names the organisation's published facts once staff change them", async () => {
      const { app } = await start();
      const cookie = await app.login();
      const headers = { origin: TEST_ORIGIN, cookie, "content-type": "application/json" };
      const [entry] = (
        await app.app.inject({ method: "GET", url: "/api/content/organisation", headers })
      ).json<{ id: string; version: number }[]>();
      const facts = {
        ...organisationSeed,
        name: "Riverbank Learning",
        email: "help@riverbank.example.org",
      };
      const { phone: _phone, ...withoutPhone } = facts;
      const url = `/api/content/organisation/${entry!.id}`;
      const saved = await app.app.inject({
        method: "PUT",
        url,
        headers,
        payload: { data: withoutPhone, version: entry!.version },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const published = await app.app.inject({ method: "POST", url: `${url}/publish`, headers });
      expect(published.statusCode, published.body).toBe(200);
      const response = await inbound(app, { From: "+12065550100", Body: "HELP" }, bearer);
      expect(response.body).toContain(
        "Riverbank Learning text updates. Msg frequency varies. Msg &#38; data rates may apply. " +
          "Email help@riverbank.example.org for help. Reply STOP to unsubscribe.",
      );
    });

    it("ignores other texts and unknown numbers; keywords inside a sentence do not count", async () => {
      const { app } = await start();
      await subscribe(app, { phone: "2065550100" });
      for (const body of ["I will stop by the workshop tomorrow", "hello", ""]) {
        const response = await inbound(app, { From: "+12065550100", Body: body }, bearer);
        expect(response.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
      }
      expect((await subscribers(app))[0]?.status).toBe("subscribed");
      const unknown = await inbound(app, { From: "+14255550199", Body: "STOP" }, bearer);
      expect(unknown.statusCode).toBe(200);
      expect(await subscribers(app)).toHaveLength(1);
    });

    it("answers 400 without a From number, and refuses non-form bodies", async () => {
      const { app } = await start();
      expect((await inbound(app, { Body: "STOP" }, bearer)).statusCode).toBe(400);
      const xml = await app.app.inject({
        method: "POST",
        url: "/api/sms/inbound",
        headers: { "content-type": "text/plain", authorization: bearer.header },
        payload: "From=+12065550100&Body=STOP",
      });
      expect(xml.statusCode).toBe(415);
    });

    it("form bodies are accepted by the webhook only", async () => {
      const { app } = await start();
      const response = await app.app.inject({
        method: "POST",
        url: "/api/sms/subscriptions",
        headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        payload: "phone=2065550100",
      });
      expect(response.statusCode).toBe(415);
    });
  });
});
