import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../test-support/test-app.js";
import { testDialects } from "../test-support/test-database.js";

// Impossible dates and bidi controls are refused with 400 and change nothing, on both databases
// (docs/decisions/026).

const headers = { "content-type": "application/json", origin: TEST_ORIGIN };
const update = {
  type: "news",
  title: "New partnership",
  summary: "We are working with a library network.",
  status: "published",
  featured: false,
  published_at: "2025-05-01T10:00:00.000Z",
};

describe.each(testDialects)("input rules on $name", (dialect) => {
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

  const count = async (table: "site_updates" | "contact_messages") =>
    (await t.database.handle.db.selectFrom(table).selectAll().execute()).length;

  it.skipIf(dialect.skip)("refuses impossible dates and years outside 1970-9999", async () => {
    const before = await count("site_updates");
    for (const published_at of [
      "2026-02-30T10:00:00.000Z",
      "+275760-09-13T00:00:00.000Z",
      "1969-12-31T00:00:00.000Z",
      "2026-04-31",
    ]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/updates",
        headers: { ...headers, cookie },
        payload: { ...update, published_at },
      });
      expect(response.statusCode, published_at).toBe(400);
      expect(response.json().error.fields.published_at).toMatch(/real date/);
    }
    expect(await count("site_updates")).toBe(before);
    const good = await t.app.inject({
      method: "POST",
      url: "/api/updates",
      headers: { ...headers, cookie },
      payload: { ...update, published_at: "2028-02-29T10:00:00.000Z" },
    });
    expect(good.statusCode).toBe(201);
    expect(good.json().published_at).toBe("2028-02-29T10:00:00.000Z");
  });

  it.skipIf(dialect.skip)(
    "refuses bidi controls in single-line fields, with a message",
    async () => {
      const updates = await count("site_updates");
      const messages = await count("contact_messages");
      const title = await t.app.inject({
        method: "POST",
        url: "/api/updates",
        headers: { ...headers, cookie },
        payload: { ...update, title: "Invoice\u202etxt.exe" },
      });
      expect(title.statusCode).toBe(400);
      expect(title.json().error.fields.title).toMatch(/text-direction control/);
      const contact = await t.app.inject({
        method: "POST",
        url: "/api/contact",
        headers,
        payload: { firstName: "Sam\u2067", email: "sam@example.org", message: "Hello" },
      });
      expect(contact.statusCode).toBe(400);
      expect(contact.json().error.fields.firstName).toMatch(/text-direction control/);
      expect(await count("site_updates")).toBe(updates);
      expect(await count("contact_messages")).toBe(messages);
    },
  );

  it.skipIf(dialect.skip)(
    "refuses U+FFFE and U+FFFF, which XML cannot carry, in updates and events (400 naming the field)",
    async () => {
      const updates = await count("site_updates");
      for (const [field, value] of [
        ["title", "Feed\ufffebreaker"],
        ["title", "Feed\uffffbreaker"],
        ["summary", "Two\nlines\uffff"],
      ] as const) {
        const response = await t.app.inject({
          method: "POST",
          url: "/api/updates",
          headers: { ...headers, cookie },
          payload: { ...update, [field]: value },
        });
        expect(response.statusCode, field).toBe(400);
        expect(response.json().error.fields[field]).toMatch(/invalid text/);
      }
      expect(await count("site_updates")).toBe(updates);

      const list = await t.app.inject({ url: "/api/content/events", headers: { cookie } });
      const [event] = list.json() as Array<{ id: string; version: number; data: object }>;
      for (const [field, value] of [
        ["title", "Calendar\uffffbreaker"],
        ["description", "Line one\nline two\ufffe"],
      ] as const) {
        const saved = await t.app.inject({
          method: "PUT",
          url: `/api/content/events/${event!.id}`,
          headers: { ...headers, cookie },
          payload: { data: { ...event!.data, [field]: value }, version: event!.version },
        });
        expect(saved.statusCode, field).toBe(400);
        expect(Object.keys(saved.json().error.fields)).toEqual([`data.${field}`]);
      }
      const after = await t.app.inject({ url: "/api/content/events", headers: { cookie } });
      expect(after.json()).toEqual(list.json());
    },
  );
});
