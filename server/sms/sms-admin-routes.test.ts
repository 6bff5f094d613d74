import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SMS_CONSENT_TEXT, SMS_CONSENT_VERSION, type SmsSubscriber } from "../../common/sms.js";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../test-support/test-app.js";

/** A minimal RFC 4180 reader (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i += 1;
    } else field += char;
  }
  return rows;
}

describe("staff SMS subscriber list and CSV export", () => {
  let testApp: TestApp;
  let cookie: string;

  beforeEach(async () => {
    const now = Date.parse("2025-06-01T12:00:00.000Z");
    testApp = await createTestApp({ env: { SMS_WEBHOOK_TOKEN: "t" }, deps: { clock: () => now } });
    cookie = await testApp.login();
  });
  afterEach(async () => {
    await testApp.close();
  });

  function subscribe(phone: string, userAgent: string) {
    return testApp.app.inject({
      method: "POST",
      url: "/api/sms/subscriptions",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json", "user-agent": userAgent },
      payload: JSON.stringify({ phone, source: "/sms-opt-in" }),
      remoteAddress: "198.51.100.7",
    });
  }

  it("answers 401 without a session", async () => {
    expect(
      (await testApp.app.inject({ method: "GET", url: "/api/admin/sms/subscribers" })).statusCode,
    ).toBe(401);
    expect(
      (await testApp.app.inject({ method: "GET", url: "/api/admin/sms/subscribers.csv" }))
        .statusCode,
    ).toBe(401);
  });

  it("lists subscribers with status, consent time and source; never cached", async () => {
    await subscribe("2065550100", "Browser A");
    await testApp.app.inject({
      method: "POST",
      url: "/api/sms/inbound",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: "Bearer t" },
      payload: "From=%2B12065550100&Body=STOP",
    });
    const response = await testApp.app.inject({
      method: "GET",
      url: "/api/admin/sms/subscribers",
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const { subscribers } = response.json() as { subscribers: SmsSubscriber[] };
    expect(subscribers).toEqual([
      {
        id: expect.any(String),
        phone: "+12065550100",
        status: "unsubscribed",
        consentedAt: "2025-06-01T12:00:00.000Z",
        consentText: SMS_CONSENT_TEXT,
        consentVersion: SMS_CONSENT_VERSION,
        source: "/sms-opt-in",
        clientAddress: "198.51.100.7",
        userAgent: "Browser A",
        createdAt: "2025-06-01T12:00:00.000Z",
        unsubscribedAt: "2025-06-01T12:00:00.000Z",
        updatedAt: "2025-06-01T12:00:00.000Z",
      },
    ]);
  });

  it("exports every consent record as an RFC 4180 attachment, formula-safe", async () => {
    await subscribe("2065550100", '=HYPERLINK("http://evil.example","click"), "quoted"');
    await subscribe("4255550199", "@SUM(1+1)\r\nsecond line");
    const response = await testApp.app.inject({
      method: "GET",
      url: "/api/admin/sms/subscribers.csv",
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="sms-subscribers-2025-06-01.csv"',
    );
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.body.endsWith("\r\n")).toBe(true);

    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual([
      "phone",
      "status",
      "consented_at",
      "consent_version",
      "consent_text",
      "source",
      "client_address",
      "user_agent",
      "first_subscribed_at",
      "unsubscribed_at",
      "updated_at",
    ]);
    expect(rows).toHaveLength(3);
    const byPhone = new Map(rows.slice(1).map((row) => [row[0], row]));
    const first = byPhone.get("'+12065550100")!;
    expect(first).toEqual([
      "'+12065550100",
      "subscribed",
      "2025-06-01T12:00:00.000Z",
      SMS_CONSENT_VERSION,
      SMS_CONSENT_TEXT,
      "/sms-opt-in",
      "198.51.100.7",
      `'=HYPERLINK("http://evil.example","click"), "quoted"`,
      "2025-06-01T12:00:00.000Z",
      "",
      "2025-06-01T12:00:00.000Z",
    ]);
    // The raw text: the formula cell is quoted (it holds commas and quotes) and defused.
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click""), ""quoted"""`);
    expect(byPhone.get("'+14255550199")?.[7]).toBe("'@SUM(1+1)\r\nsecond line");
  });
});
