import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SiteUpdate } from "../../common/updates.js";
import { createTestApp, seedAccount, TEST_ORIGIN, type TestApp } from "../test-support/test-app.js";

const json = { "content-type": "application/json", origin: TEST_ORIGIN };

const valid = {
  type: "news",
  title: "New partnership",
  summary: "We are working with a library network on a youth program.",
  url: "https://example.org/news",
  image_url: null,
  status: "published",
  featured: true,
  published_at: "2025-05-01T10:00:00.000Z",
};

describe("updates API", () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.database.handle.db.deleteFrom("site_updates").execute();
  });

  async function create(body: Record<string, unknown> = valid) {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/updates",
      headers: { ...json, cookie },
      payload: body,
    });
    return response;
  }

  it("creates an update (201) and returns the whole record", async () => {
    const response = await create();
    expect(response.statusCode).toBe(201);
    const record = response.json<SiteUpdate>();
    expect(record).toMatchObject({ ...valid, url: "https://example.org/news" });
    expect(record.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(Date.parse(record.created_at)).not.toBeNaN();
    expect(record.updated_at).toBe(record.created_at);
  });

  it("lists all updates for the admin, newest created first", async () => {
    await create({ ...valid, title: "first" });
    await new Promise((r) => setTimeout(r, 5));
    await create({ ...valid, title: "second", status: "draft" });
    const response = await t.app.inject({
      method: "GET",
      url: "/api/updates",
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json<SiteUpdate[]>().map((u) => u.title)).toEqual(["second", "first"]);
  });

  it("never shows a draft or an unfeatured update publicly", async () => {
    await create({ ...valid, title: "public" });
    await create({ ...valid, title: "draft", status: "draft" });
    await create({ ...valid, title: "unfeatured", featured: false });
    const response = await t.app.inject({ method: "GET", url: "/api/updates/featured" });
    expect(response.statusCode).toBe(200);
    expect(response.json<SiteUpdate[]>().map((u) => u.title)).toEqual(["public"]);
  });

  it("orders the featured list by published_at and honours limit 1..20, default 5", async () => {
    for (let day = 1; day <= 7; day += 1) {
      await create({
        ...valid,
        title: `day ${day}`,
        published_at: `2025-01-0${day}T00:00:00.000Z`,
      });
    }
    const all = await t.app.inject({ method: "GET", url: "/api/updates/featured" });
    expect(all.json<SiteUpdate[]>().map((u) => u.title)).toEqual([
      "day 7",
      "day 6",
      "day 5",
      "day 4",
      "day 3",
    ]);
    const two = await t.app.inject({ method: "GET", url: "/api/updates/featured?limit=2" });
    expect(two.json<SiteUpdate[]>()).toHaveLength(2);
    for (const bad of ["0", "21", "abc", "1.5"]) {
      const response = await t.app.inject({
        method: "GET",
        url: `/api/updates/featured?limit=${bad}`,
      });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error.message).toBe("limit must be a whole number from 1 to 20");
    }
  });

  it("serves the featured list with an ETag, 304 on revalidation, and a cache cleared by writes", async () => {
    await create();
    const first = await t.app.inject({ method: "GET", url: "/api/updates/featured" });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers["cache-control"]).toBe("no-cache");
    const again = await t.app.inject({
      method: "GET",
      url: "/api/updates/featured",
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const [record] = first.json<SiteUpdate[]>();
    await t.app.inject({
      method: "PATCH",
      url: `/api/updates/${record!.id}`,
      headers: { ...json, cookie },
      payload: { featured: false },
    });
    const after = await t.app.inject({
      method: "GET",
      url: "/api/updates/featured",
      headers: { "if-none-match": etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual([]);
  });

  it("sends the featured list compressed by Accept-Encoding (br, else gzip), with Vary and a validator per coding", async () => {
    for (let i = 0; i < 5; i++) await create({ ...valid, title: `Update number ${i}` });
    const get = (headers: Record<string, string>) =>
      t.app.inject({ method: "GET", url: "/api/updates/featured", headers });
    const plain = await get({});
    const text = plain.body;
    expect(text.length).toBeGreaterThan(1000);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");

    const br = await get({ "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(br.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(br.rawPayload.length).toBeLessThan(text.length / 2);
    expect(Number(br.headers["content-length"])).toBe(br.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(text);

    const gzip = await get({ "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString("utf8")).toBe(text);
    expect((await get({ "accept-encoding": "br;q=0, gzip;q=0" })).headers["content-encoding"]).toBe(
      undefined,
    );

    // Each coding is its own representation: its own ETag, and a 304 for it.
    const tags = new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]);
    expect(tags.size).toBe(3);
    const again = await get({ "accept-encoding": "br", "if-none-match": String(br.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.headers.vary).toBe("Accept-Encoding");

    // A short list is not worth compressing.
    await t.database.handle.db.deleteFrom("site_updates").execute();
    await create();
    const short = await get({ "accept-encoding": "br, gzip" });
    expect(short.json()).toHaveLength(1);
    expect(short.headers["content-encoding"]).toBeUndefined();
  });

  it("patches only the sent field: {status} and {featured} toggles, and a full edit", async () => {
    const record = (await create()).json<SiteUpdate>();
    const status = await t.app.inject({
      method: "PATCH",
      url: `/api/updates/${record.id}`,
      headers: { ...json, cookie },
      payload: { status: "draft" },
    });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({
      ...record,
      status: "draft",
      updated_at: expect.any(String),
    });
    const featured = await t.app.inject({
      method: "PATCH",
      url: `/api/updates/${record.id}`,
      headers: { ...json, cookie },
      payload: { featured: false },
    });
    expect(featured.json()).toMatchObject({ status: "draft", featured: false, title: valid.title });
    const edit = await t.app.inject({
      method: "PATCH",
      url: `/api/updates/${record.id}`,
      headers: { ...json, cookie },
      payload: { ...valid, title: "Edited", url: "" },
    });
    expect(edit.json()).toMatchObject({
      title: "Edited",
      url: null,
      status: "published",
      featured: true,
    });
  });

  it("answers 404 for an absent id on PATCH and DELETE, and 204 on delete", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const method of ["PATCH", "DELETE"] as const) {
      const response = await t.app.inject({
        method,
        url: `/api/updates/${missing}`,
        headers: { ...json, cookie },
        ...(method === "PATCH" ? { payload: { featured: true } } : {}),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe("Update not found");
    }
    const notUuid = await t.app.inject({
      method: "DELETE",
      url: "/api/updates/not-a-uuid",
      headers: { origin: TEST_ORIGIN, cookie },
    });
    expect(notUuid.statusCode).toBe(404);
    const record = (await create()).json<SiteUpdate>();
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/updates/${record.id}`,
      headers: { origin: TEST_ORIGIN, cookie },
    });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe("");
  });

  describe("input rules", () => {
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ["blank title", { ...valid, title: "   " }, "title", "Title and summary are required"],
      [
        "missing summary",
        { ...valid, summary: undefined },
        "summary",
        "Title and summary are required",
      ],
      [
        "241-character summary",
        { ...valid, summary: "x".repeat(241) },
        "summary",
        "Summary must be 240 characters or less",
      ],
      [
        "201-character title",
        { ...valid, title: "x".repeat(201) },
        "title",
        "Title must be 200 characters or less",
      ],
      [
        "javascript: URL",
        { ...valid, url: "javascript:alert(1)" },
        "url",
        "Enter a full web address starting with http:// or https://",
      ],
      [
        "data: image URL",
        { ...valid, image_url: "data:image/png;base64,AAAA" },
        "image_url",
        "Enter a full web address starting with http:// or https://",
      ],
      [
        "image URL of another host without its scheme",
        { ...valid, image_url: "//evil.example/x.png" },
        "image_url",
        "Enter a full web address starting with http:// or https://",
      ],
      [
        "relative URL",
        { ...valid, url: "/about" },
        "url",
        "Enter a full web address starting with http:// or https://",
      ],
      [
        "too long URL",
        { ...valid, url: `https://example.org/${"a".repeat(2040)}` },
        "url",
        "Web addresses must be 2048 characters or less",
      ],
      [
        "unknown type",
        { ...valid, type: "gossip" },
        "type",
        "Type must be one of news, current_project, completed_project, media",
      ],
      [
        "unknown status",
        { ...valid, status: "archived" },
        "status",
        "Status must be published or draft",
      ],
      [
        "string featured",
        { ...valid, featured: "yes" },
        "featured",
        "Featured must be true or false",
      ],
      [
        "bad date",
        { ...valid, published_at: "next tuesday" },
        "published_at",
        "Published at must be a real date and time between 1970 and 9999",
      ],
      [
        "missing date",
        { ...valid, published_at: undefined },
        "published_at",
        "Published at must be a real date and time between 1970 and 9999",
      ],
      [
        "id in body",
        { ...valid, id: "00000000-0000-4000-8000-000000000000" },
        "id",
        "Unknown field: id",
      ],
      [
        "created_at in body",
        { ...valid, created_at: "2020-01-01T00:00:00Z" },
        "created_at",
        "Unknown field: created_at",
      ],
    ];
    for (const [name, body, field, message] of cases) {
      it(`refuses ${name} with 400 and a message for ${field}, storing nothing`, async () => {
        const response = await create(body);
        expect(response.statusCode).toBe(400);
        const { error } = response.json();
        expect(error.code).toBe("invalid_input");
        expect(error.fields[field]).toBe(message);
        expect(error.message).toBeTruthy();
        expect(response.body).not.toMatch(/at .*\.ts:\d+/);
        const all = await t.app.inject({ method: "GET", url: "/api/updates", headers: { cookie } });
        expect(all.json()).toEqual([]);
      });
    }

    it("refuses updated_at in a PATCH and an empty PATCH", async () => {
      const record = (await create()).json<SiteUpdate>();
      for (const payload of [{ updated_at: "2020-01-01T00:00:00Z" }, {}]) {
        const response = await t.app.inject({
          method: "PATCH",
          url: `/api/updates/${record.id}`,
          headers: { ...json, cookie },
          payload,
        });
        expect(response.statusCode).toBe(400);
      }
    });

    it("stores HTML in titles verbatim and returns it as JSON text", async () => {
      const title = `<img src=x onerror="alert(1)"> & <b>bold</b>`;
      const record = (await create({ ...valid, title })).json<SiteUpdate>();
      expect(record.title).toBe(title);
      const listed = await t.app.inject({ method: "GET", url: "/api/updates/featured" });
      expect(listed.json<SiteUpdate[]>()[0]?.title).toBe(title);
      expect(listed.headers["content-type"]).toMatch(/^application\/json/);
    });

    it("answers 413 above 16 KiB, 415 for non-JSON, 400 for malformed JSON", async () => {
      const big = await create({ ...valid, summary: "x".repeat(17 * 1024) });
      expect(big.statusCode).toBe(413);
      expect(big.json().error.code).toBe("body_too_large");
      const text = await t.app.inject({
        method: "POST",
        url: "/api/updates",
        headers: { origin: TEST_ORIGIN, cookie, "content-type": "text/plain" },
        payload: "title=x",
      });
      expect(text.statusCode).toBe(415);
      const form = await t.app.inject({
        method: "POST",
        url: "/api/updates",
        headers: {
          origin: TEST_ORIGIN,
          cookie,
          "content-type": "application/x-www-form-urlencoded",
        },
        payload: "title=x",
      });
      expect(form.statusCode).toBe(415);
      const broken = await t.app.inject({
        method: "POST",
        url: "/api/updates",
        headers: { ...json, cookie },
        payload: '{"title": ',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().error.message).toBe("The request body is not valid JSON");
      const array = await create([] as unknown as Record<string, unknown>);
      expect(array.statusCode).toBe(400);
    });
  });

  describe("authentication and cross-site protection", () => {
    it("refuses admin reads and writes without a session (401)", async () => {
      const list = await t.app.inject({ method: "GET", url: "/api/updates" });
      expect(list.statusCode).toBe(401);
      expect(list.json().error.code).toBe("unauthorized");
      const write = await t.app.inject({
        method: "POST",
        url: "/api/updates",
        headers: json,
        payload: valid,
      });
      expect(write.statusCode).toBe(401);
      const forged = await t.app.inject({
        method: "POST",
        url: "/api/updates",
        headers: { ...json, cookie: "sid=forged-token" },
        payload: valid,
      });
      expect(forged.statusCode).toBe(401);
    });

    it("refuses a cross-site or Origin-less write with 403 even with a valid session", async () => {
      for (const origin of ["https://evil.example", "null", undefined]) {
        const response = await t.app.inject({
          method: "POST",
          url: "/api/updates",
          headers: { "content-type": "application/json", cookie, ...(origin ? { origin } : {}) },
          payload: valid,
        });
        expect(response.statusCode, String(origin)).toBe(403);
      }
      const list = await t.app.inject({ method: "GET", url: "/api/updates", headers: { cookie } });
      expect(list.json()).toEqual([]);
    });
  });

  describe("a contributor", () => {
    let contributor: string;
    beforeAll(async () => {
      await seedAccount(t.database.handle.db, {
        email: "contributor@example.org",
        name: "Test Contributor",
        role: "contributor",
      });
      contributor = await t.login("contributor@example.org");
    });
    const as = (who: string, method: "POST" | "PATCH", url: string, payload: object) =>
      t.app.inject({ method, url, headers: { ...json, cookie: who }, payload });

    it("writes drafts, and is refused (403) publishing one or changing a published one", async () => {
      const refused = await as(contributor, "POST", "/api/updates", valid);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe("forbidden");

      const draft = await as(contributor, "POST", "/api/updates", { ...valid, status: "draft" });
      expect(draft.statusCode).toBe(201);
      const id = (draft.json() as SiteUpdate).id;
      expect(
        (await as(contributor, "PATCH", `/api/updates/${id}`, { title: "Better" })).statusCode,
      ).toBe(200);
      expect(
        (await as(contributor, "PATCH", `/api/updates/${id}`, { status: "published" })).statusCode,
      ).toBe(403);

      // An editor publishes it; from then on it is out of the contributor's hands.
      expect(
        (await as(cookie, "PATCH", `/api/updates/${id}`, { status: "published" })).statusCode,
      ).toBe(200);
      const late = await as(contributor, "PATCH", `/api/updates/${id}`, { title: "Sneaky" });
      expect(late.statusCode).toBe(403);
      const list = await t.app.inject({ method: "GET", url: "/api/updates", headers: { cookie } });
      expect(list.json()).toMatchObject([{ id, title: "Better", status: "published" }]);
    });
  });
});
