import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  SMS_CONSENT_TEXT,
  SMS_CONSENT_VERSION,
  type SmsConsentEvent,
  type SmsSubscriber,
  type SmsSubscriberPage,
} from "../../common/sms.js";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../test-support/test-app.js";
import { optInConfirmation } from "./program-facts.js";

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

  it("pages the list (limit and before, counts over all) and refuses a bad limit", async () => {
    for (const phone of ["2065550100", "2065550101", "2065550102"]) await subscribe(phone, "UA");
    const get = (query: string) =>
      testApp.app.inject({
        method: "GET",
        url: `/api/admin/sms/subscribers${query}`,
        headers: { cookie },
      });
    const first = (await get("?limit=2")).json() as SmsSubscriberPage;
    expect(first.subscribers).toHaveLength(2);
    expect(first.counts).toEqual({ subscribed: 3, unsubscribed: 0 });
    const second = (
      await get(`?limit=2&before=${encodeURIComponent(first.nextBefore!)}`)
    ).json() as SmsSubscriberPage;
    expect(second.subscribers).toHaveLength(1);
    expect(second.nextBefore).toBeNull();
    for (const bad of ["?limit=0", "?limit=501", "?limit=abc", "?page=2"]) {
      expect((await get(bad)).statusCode, bad).toBe(400);
    }
  });

  it("streams a CSV of every subscriber across many pages, in list order", async () => {
    const now = "2025-06-01T12:00:00.000Z";
    const rows = Array.from({ length: 1201 }, (_unused, i) => ({
      id: randomUUID(),
      phone: `+1206${String(i).padStart(7, "0")}`,
      status: i % 3 === 0 ? "unsubscribed" : "subscribed",
      consent_text: "I agree",
      consent_version: "v1",
      consented_at: new Date(Date.parse(now) - i * 1000).toISOString(),
      source: "/sms-opt-in",
      client_address: "203.0.113.5",
      user_agent: i === 7 ? "=cmd()" : "UA",
      created_at: now,
      unsubscribed_at: null,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await testApp.database.handle.db
        .insertInto("sms_subscribers")
        .values(rows.slice(i, i + 200))
        .execute();
    }
    const response = await testApp.app.inject({
      method: "GET",
      url: "/api/admin/sms/subscribers.csv",
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    const lines = parseCsv(response.body);
    expect(lines).toHaveLength(1202);
    // Latest consent first, each number once, formula escaping kept on every page.
    expect(lines.slice(1).map((line) => line[0])).toEqual(rows.map((row) => `'${row.phone}`));
    expect(lines[8]?.[7]).toBe("'=cmd()");
  });

  it("shows a subscriber's consent history; 404 for an unknown or malformed id", async () => {
    await subscribe("2065550100", "Browser A");
    const inbound = (body: string) =>
      testApp.app.inject({
        method: "POST",
        url: "/api/sms/inbound",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: "Bearer t" },
        payload: `From=%2B12065550100&Body=${body}`,
      });
    await inbound("STOP");
    await subscribe("2065550100", "Browser B");
    const list = (
      await testApp.app.inject({
        method: "GET",
        url: "/api/admin/sms/subscribers",
        headers: { cookie },
      })
    ).json() as SmsSubscriberPage;
    const id = list.subscribers[0]!.id;
    const history = await testApp.app.inject({
      method: "GET",
      url: `/api/admin/sms/subscribers/${id}/history`,
      headers: { cookie },
    });
    expect(history.statusCode).toBe(200);
    expect(history.headers["cache-control"]).toBe("no-store");
    const { phone, events, texts } = history.json() as {
      phone: string;
      events: SmsConsentEvent[];
      texts: Array<{ kind: string; status: string; body: string }>;
    };
    expect(phone).toBe("+12065550100");
    // One confirmation: the first opt-in only (the second came after a STOP, which stands).
    expect(texts).toMatchObject([{ kind: "confirmation", status: "queued" }]);
    expect(events.map((event) => [event.kind, event.statusAfter, event.userAgent])).toEqual([
      ["opt_in", "subscribed", "Browser A"],
      ["stop", "unsubscribed", null],
      ["opt_in", "unsubscribed", "Browser B"],
    ]);
    for (const bad of [randomUUID(), "not-an-id"]) {
      const response = await testApp.app.inject({
        method: "GET",
        url: `/api/admin/sms/subscribers/${bad}/history`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(404);
    }
    expect(
      (await testApp.app.inject({ method: "GET", url: `/api/admin/sms/subscribers/${id}/history` }))
        .statusCode,
    ).toBe(401);
  });

  it("exports the whole consent history as CSV, oldest first, formula-safe", async () => {
    await subscribe("2065550100", "=Browser A");
    await testApp.app.inject({
      method: "POST",
      url: "/api/sms/inbound",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: "Bearer t" },
      payload: "From=%2B12065550100&Body=STOP",
    });
    await subscribe("2065550100", "Browser B");
    expect(
      (await testApp.app.inject({ method: "GET", url: "/api/admin/sms/consent-history.csv" }))
        .statusCode,
    ).toBe(401);
    const response = await testApp.app.inject({
      method: "GET",
      url: "/api/admin/sms/consent-history.csv",
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="sms-consent-history-2025-06-01.csv"',
    );
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual([
      "phone",
      "event",
      "channel",
      "occurred_at",
      "status_after",
      "consent_version",
      "consent_text",
      "source",
      "client_address",
      "user_agent",
      "how",
      "text_kind",
      "text_status",
      "text_error",
      "text",
    ]);
    expect(
      rows.slice(1).map((row) => [row[1], row[2], row[4], row[9], row[10], row[11], row[12]]),
    ).toEqual([
      ["opt_in", "web", "subscribed", "'=Browser A", "", "", ""],
      ["stop", "sms", "unsubscribed", "", "keyword", "", ""],
      ["opt_in", "web", "unsubscribed", "Browser B", "", "", ""],
      // The confirmation of the first opt-in, stored with it (no sender runs in this test).
      ["text", "sms", "", "", "", "confirmation", "queued"],
    ]);
    expect(rows[4]![14]).toBe(optInConfirmation());
  });
});
