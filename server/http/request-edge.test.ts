import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../test-support/test-app.js";
import { testDialects } from "../test-support/test-database.js";

const json = { "content-type": "application/json" };
const sameSite = { ...json, origin: TEST_ORIGIN };
const ID = "00000000-0000-4000-8000-000000000000";

const validUpdate = {
  type: "news",
  title: "New partnership",
  summary: "We are working with a library network.",
  status: "published",
  featured: true,
  published_at: "2025-05-01T10:00:00.000Z",
};

/** Every table a visitor or staff member can write to, as it stands. */
async function snapshot(t: TestApp): Promise<string> {
  const db = t.database.handle.db;
  const tables = await Promise.all([
    db.selectFrom("site_updates").selectAll().orderBy("id").execute(),
    db.selectFrom("contact_messages").selectAll().orderBy("id").execute(),
    db.selectFrom("sms_subscribers").selectAll().orderBy("id").execute(),
  ]);
  return JSON.stringify(tables);
}

describe.each(testDialects)("the request edge on $name", (dialect) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    if (dialect.skip) return;
    t = await createTestApp({ database: await dialect.create(), env: { CONTACT_RATE_LIMIT: "0" } });
    cookie = await t.login();
  });
  afterAll(async () => {
    if (dialect.skip) return;
    await t.close();
    await t.database.cleanup();
  });

  it.skipIf(dialect.skip)(
    "checks Origin by the route reached, never the raw URL: encoded paths never reach a handler without it",
    async () => {
      const before = await snapshot(t);
      const attempts: Array<{ method: "POST" | "PATCH" | "DELETE"; url: string; body?: object }> = [
        { method: "POST", url: "/%61pi/contact", body: { message: "hi" } },
        { method: "POST", url: "/%61pi/sms/subscriptions", body: { phone: "2065550100" } },
        { method: "POST", url: "/api%2Fcontact", body: { message: "hi" } },
        { method: "POST", url: "/api%2fsms%2Fsubscriptions", body: { phone: "2065550100" } },
        { method: "POST", url: "/%2561pi/contact", body: { message: "hi" } },
        { method: "POST", url: "/API/contact", body: { message: "hi" } },
        { method: "POST", url: "//api/contact", body: { message: "hi" } },
        { method: "POST", url: "/api/./contact", body: { message: "hi" } },
        { method: "POST", url: "/%61pi/updates", body: validUpdate },
        { method: "PATCH", url: `/%61pi/updates/${ID}`, body: { featured: false } },
        { method: "DELETE", url: `/%61pi/updates/${ID}` },
        { method: "PATCH", url: `/%61pi/admin/messages/${ID}`, body: { spam: true } },
        { method: "POST", url: `/%61pi/admin/messages/${ID}/retry` },
        { method: "DELETE", url: "/%61pi/session" },
      ];
      for (const { method, url, body } of attempts) {
        for (const origin of [undefined, "https://evil.example"]) {
          const response = await t.app.inject({
            method,
            url,
            headers: { ...json, cookie, ...(origin ? { origin } : {}) },
            ...(body ? { payload: body } : {}),
          });
          expect([403, 404], `${method} ${url} from ${origin ?? "no origin"}`).toContain(
            response.statusCode,
          );
        }
      }
      expect(await snapshot(t)).toBe(before);
      // The session survived the encoded DELETE /%61pi/session.
      const session = await t.app.inject({ url: "/api/session", headers: { cookie } });
      expect(session.statusCode).toBe(200);
    },
  );

  it.skipIf(dialect.skip)(
    "refuses NUL and other control characters with 400 on every input, storing nothing",
    async () => {
      const created = await t.app.inject({
        method: "POST",
        url: "/api/updates",
        headers: { ...sameSite, cookie },
        payload: validUpdate,
      });
      expect(created.statusCode).toBe(201);
      const id = (created.json() as { id: string }).id;
      const before = await snapshot(t);

      const bad = ["x\u0000y", "x\u0007y", "x\u001by", "x\u007fy", "x\u0085y", "x\ud800y"];
      const cases: Array<{ method: "POST" | "PATCH"; url: string; body: object; admin?: true }> =
        [];
      for (const text of bad) {
        cases.push(
          {
            method: "POST",
            url: "/api/updates",
            body: { ...validUpdate, title: text },
            admin: true,
          },
          {
            method: "POST",
            url: "/api/updates",
            body: { ...validUpdate, summary: text },
            admin: true,
          },
          {
            method: "POST",
            url: "/api/updates",
            body: { ...validUpdate, url: `https://example.org/${text}` },
            admin: true,
          },
          { method: "PATCH", url: `/api/updates/${id}`, body: { title: text }, admin: true },
          {
            method: "PATCH",
            url: `/api/updates/${id}`,
            body: { image_url: `https://example.org/${text}.png` },
            admin: true,
          },
          { method: "POST", url: "/api/contact", body: { firstName: text } },
          { method: "POST", url: "/api/contact", body: { lastName: text } },
          { method: "POST", url: "/api/contact", body: { email: `a${text}@example.org` } },
          { method: "POST", url: "/api/contact", body: { message: text } },
          { method: "POST", url: "/api/contact", body: { website: text } },
          { method: "POST", url: "/api/sms/subscriptions", body: { phone: `206555${text}0100` } },
          {
            method: "POST",
            url: "/api/session",
            body: { email: "owner@example.org", password: `correct${text}` },
          },
        );
      }
      for (const { method, url, body, admin } of cases) {
        const response = await t.app.inject({
          method,
          url,
          headers: { ...sameSite, ...(admin ? { cookie } : {}) },
          payload: JSON.stringify(body),
          remoteAddress: "198.51.100.77",
        });
        expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
        expect(response.json().error.message).toMatch(/control character|valid/);
      }
      // Query strings too (the staff inbox cursor reaches the database).
      const query = await t.app.inject({
        url: "/api/admin/messages?before=x%00y",
        headers: { cookie },
      });
      expect(query.statusCode).toBe(400);
      expect(await snapshot(t)).toBe(before);
    },
  );

  it.skipIf(dialect.skip)(
    "keeps tab and line breaks in multi-line text (message, summary), and astral characters anywhere",
    async () => {
      const contact = await t.app.inject({
        method: "POST",
        url: "/api/contact",
        headers: sameSite,
        payload: { firstName: "Ada 🦉", message: "Line one\r\nLine\ttwo\n😀" },
      });
      expect(contact.statusCode).toBe(202);
      const update = await t.app.inject({
        method: "POST",
        url: "/api/updates",
        headers: { ...sameSite, cookie },
        payload: { ...validUpdate, title: "𝒯itle", summary: "One\nTwo\tthree" },
      });
      expect(update.statusCode).toBe(201);
      expect(update.json()).toMatchObject({ title: "𝒯itle", summary: "One\nTwo\tthree" });
    },
  );
});
