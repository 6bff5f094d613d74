import { createHmac } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test-support/test-app.js";

const AUTH_TOKEN = "twilio-auth-token-9f8e7d6c5b4a";
const ORIGIN = "https://www.example.org";

/**
 * Twilio's documented algorithm, written out here independently of the server's code: the
 * full URL, then each POST parameter's name and value appended, sorted by name; HMAC-SHA1 with
 * the auth token; base64.
 */
function sign(url: string, params: Record<string, string>, token = AUTH_TOKEN): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac("sha1", token).update(data, "utf8").digest("base64");
}

describe("SMS webhook authenticated by X-Twilio-Signature", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  function post(app: TestApp, path: string, params: Record<string, string>, signature?: string) {
    return app.app.inject({
      method: "POST",
      url: path,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(signature ? { "x-twilio-signature": signature } : {}),
      },
      payload: new URLSearchParams(params).toString(),
    });
  }

  async function status(app: TestApp): Promise<string | undefined> {
    const row = await app.database.handle.db
      .selectFrom("sms_subscribers")
      .select("status")
      .where("phone", "=", "+12065550100")
      .executeTakeFirst();
    return row?.status;
  }

  async function subscribed(env: Record<string, string>): Promise<TestApp> {
    t = await createTestApp({ env });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/sms/subscriptions",
      headers: {
        "content-type": "application/json",
        origin: env.PUBLIC_ORIGIN ?? "http://localhost",
      },
      payload: { phone: "(206) 555-0100" },
    });
    expect(response.statusCode).toBe(201);
    return t;
  }

  const params = {
    MessageSid: "SM0123456789abcdef0123456789abcdef",
    From: "+12065550100",
    To: "+15005550006",
    Body: "STOP",
    NumMedia: "0",
  };

  it("accepts Twilio's signature of PUBLIC_ORIGIN + path and query, and nothing else", async () => {
    const app = await subscribed({ TWILIO_AUTH_TOKEN: AUTH_TOKEN, PUBLIC_ORIGIN: ORIGIN });
    const path = "/api/sms/inbound?site=main";
    const url = `${ORIGIN}${path}`;
    const refused = [
      undefined,
      "",
      sign(url, params, "another-token"),
      sign(`${ORIGIN}/api/sms/inbound`, params),
      sign(url, { ...params, Body: "START" }),
      sign(url, params).slice(0, -2),
    ];
    for (const signature of refused) {
      expect((await post(app, path, params, signature)).statusCode, String(signature)).toBe(401);
    }
    expect(await status(app)).toBe("subscribed");
    const accepted = await post(app, path, params, sign(url, params));
    expect(accepted.statusCode).toBe(200);
    expect(await status(app)).toBe("unsubscribed");
  });

  it("signs TWILIO_WEBHOOK_URL when given (the URL configured at Twilio, e.g. behind a rewrite)", async () => {
    const configured = "https://sms.example.org/hooks/twilio";
    const app = await subscribed({
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_WEBHOOK_URL: configured,
    });
    const path = "/api/sms/inbound";
    expect(
      (await post(app, path, params, sign(`http://localhost${path}`, params))).statusCode,
    ).toBe(401);
    expect((await post(app, path, params, sign(configured, params))).statusCode).toBe(200);
    expect(await status(app)).toBe("unsubscribed");
  });

  it("keeps the shared token working beside it, and refuses everything when neither is set", async () => {
    const both = await subscribed({
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      PUBLIC_ORIGIN: ORIGIN,
      SMS_WEBHOOK_TOKEN: "shared-token-123456",
    });
    const withToken = await post(both, "/api/sms/inbound?token=shared-token-123456", params);
    expect(withToken.statusCode).toBe(200);
    await t!.close();
    const neither = await subscribed({});
    const path = "/api/sms/inbound";
    expect(
      (await post(neither, path, params, sign(`http://localhost${path}`, params))).statusCode,
    ).toBe(401);
  });
});
