import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../test-support/test-app.js";
import { testDialects } from "../test-support/test-database.js";
import { drawnImage, multipartBody, MULTIPART_TYPE, type FormPart } from "../media/test-images.js";

/**
 * Property-based fuzzing of every public and staff endpoint (docs/product.md section 10): random JSON shapes,
 * text with control and astral characters, huge numbers, duplicate keys, odd content types and
 * bodies. Whatever arrives: never a 5xx, never a stack trace in a body, nothing stored from a 4xx.
 * Bounded by count (RUNS per database), printed at the end.
 */
const RUNS = 2500;

type Method = "GET" | "POST" | "PATCH" | "DELETE" | "PUT";

interface Endpoint {
  method: Method;
  /** `:id` is replaced by a known or a random id. */
  path: string;
  /** Field names the endpoint knows, so that random bodies often get past the first check. */
  fields: readonly string[];
  admin: boolean;
  /** A valid body, of which the fuzzer changes a few fields (reaching the deeper checks). */
  valid?: Record<string, unknown>;
  /** Bodies of the endpoint's own kind (multipart uploads), besides the JSON-ish ones. */
  ownBodies?: fc.Arbitrary<{ body?: string | Buffer; type?: string }>;
}

const VALID_UPDATE = {
  type: "news",
  title: "Fuzzed update",
  summary: "A summary.",
  url: "https://example.org/",
  image_url: null,
  status: "published",
  featured: true,
  published_at: "2025-05-01T10:00:00.000Z",
};

const UPDATE_FIELDS = [
  "type",
  "title",
  "summary",
  "url",
  "image_url",
  "status",
  "featured",
  "published_at",
  "id",
  "created_at",
];

/** A real image, so that some fuzzed uploads get through to processing and storage. */
const TINY_PNG = await drawnImage(24, 16, "png");

/** multipart/form-data uploads: the known fields (and others) in any order, odd values, odd files. */
const mediaUploads = fc
  .array(
    fc.oneof(
      fc.record({
        name: fc.constantFrom("alt", "decorative", "alt", "caption"),
        value: fc.oneof(
          fc.string({ unit: "binary", maxLength: 12 }),
          fc.constantFrom("true", "on", "false", "A chart", "", " ", "\u0000", "x".repeat(500)),
        ),
      }),
      fc.record({
        name: fc.constantFrom("file", "file", "image"),
        filename: fc.constantFrom("a.png", "a.jpg", "", "../../etc/passwd", "\u00e9.avif"),
        type: fc.constantFrom("image/png", "image/jpeg", "text/plain", ""),
        data: fc.oneof(
          fc.constant(TINY_PNG),
          fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
          fc
            .uint8Array({ maxLength: 64 })
            .map((bytes) => Buffer.concat([TINY_PNG.subarray(0, 33), bytes])),
        ),
      }),
    ),
    { maxLength: 4 },
  )
  .chain((parts) =>
    fc.oneof(
      fc.constant(multipartBody(parts as FormPart[])),
      // Cut short anywhere.
      fc.nat().map((cut) => {
        const whole = multipartBody(parts as FormPart[]);
        return whole.subarray(0, cut % (whole.length + 1));
      }),
    ),
  )
  .map((body) => ({ body, type: MULTIPART_TYPE }));
const VALID_COURSE = {
  id: 77,
  title: "Fuzzed course",
  description: "A course.\nOn two lines.",
  variant: "both",
};

const ENDPOINTS: readonly Endpoint[] = [
  { method: "GET", path: "/api/updates/featured", fields: ["limit"], admin: false },
  {
    method: "POST",
    path: "/api/contact",
    fields: ["firstName", "lastName", "email", "message", "website"],
    admin: false,
    valid: { firstName: "Avery", lastName: "Quill", email: "avery@example.org", message: "Hi" },
  },
  {
    method: "POST",
    path: "/api/sms/subscriptions",
    fields: ["phone", "source"],
    admin: false,
    valid: { phone: "(206) 555-0100", source: "/sms-opt-in" },
  },
  { method: "POST", path: "/api/sms/inbound", fields: ["From", "Body", "token"], admin: false },
  { method: "POST", path: "/api/session", fields: ["email", "password"], admin: false },
  { method: "GET", path: "/api/session", fields: [], admin: false },
  { method: "DELETE", path: "/api/session", fields: [], admin: false },
  { method: "GET", path: "/api/updates", fields: [], admin: true },
  {
    method: "POST",
    path: "/api/updates",
    fields: UPDATE_FIELDS,
    admin: true,
    valid: VALID_UPDATE,
  },
  {
    method: "PATCH",
    path: "/api/updates/:id",
    fields: UPDATE_FIELDS,
    admin: true,
    valid: VALID_UPDATE,
  },
  { method: "DELETE", path: "/api/updates/:id", fields: [], admin: true },
  { method: "GET", path: "/api/admin/messages", fields: ["limit", "before"], admin: true },
  { method: "POST", path: "/api/admin/messages/:id/retry", fields: [], admin: true },
  {
    method: "PATCH",
    path: "/api/admin/messages/:id",
    fields: ["spam"],
    admin: true,
    valid: { spam: true },
  },
  { method: "GET", path: "/api/admin/sms/subscribers", fields: ["limit", "before"], admin: true },
  { method: "GET", path: "/api/admin/sms/subscribers.csv", fields: [], admin: true },
  { method: "PUT", path: "/api/updates/:id", fields: UPDATE_FIELDS, admin: true },
  { method: "GET", path: "/api/media", fields: [], admin: true },
  {
    method: "POST",
    path: "/api/media",
    fields: ["alt", "decorative", "file"],
    admin: true,
    ownBodies: mediaUploads,
  },
  { method: "DELETE", path: "/api/media/:id", fields: [], admin: true },
  { method: "GET", path: "/media/:id", fields: [], admin: false },
  // Staff-managed content (docs/product.md section 14.1).
  { method: "GET", path: "/api/content", fields: [], admin: true },
  { method: "GET", path: "/api/content/courses", fields: [], admin: true },
  {
    method: "POST",
    path: "/api/content/courses",
    fields: ["data", "version"],
    admin: true,
    valid: { data: VALID_COURSE },
  },
  {
    method: "PUT",
    path: "/api/content/courses/:id",
    fields: ["data", "version", "position"],
    admin: true,
    valid: { data: VALID_COURSE, version: 1 },
  },
  {
    method: "PUT",
    path: "/api/content/site/:id",
    fields: ["data", "version"],
    admin: true,
    valid: { data: {}, version: 1 },
  },
  { method: "PUT", path: "/api/content/courses/order", fields: ["ids"], admin: true },
  {
    method: "POST",
    path: "/api/content/courses/:id/publish",
    fields: ["at", "version"],
    admin: true,
    valid: { at: "2099-01-01T00:00:00Z" },
  },
  { method: "DELETE", path: "/api/content/courses/:id/schedule", fields: [], admin: true },
  { method: "DELETE", path: "/api/content/courses/:id", fields: [], admin: true },
  { method: "DELETE", path: "/api/content/site/:id", fields: [], admin: true },
  { method: "POST", path: "/api/content/site", fields: ["data"], admin: true },
  { method: "GET", path: "/api/content/courses/:id/revisions", fields: [], admin: true },
  {
    method: "POST",
    path: "/api/content/courses/:id/revisions/1/restore",
    fields: ["version"],
    admin: true,
  },
];

/** Text that is hard on parsers and databases: controls, astral, lone surrogates, long runs. */
const nastyText = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "\u0000",
      "x\u0000y",
      "\u0007\u001b[31m",
      "\u007f\u0085\u009f",
      "\ud800",
      "\udfff",
      "😀🦉𝒯",
      "\u202e\u200b\ufeff",
      "line\r\nbreak\ttab",
      "<script>alert(1)</script>",
      "'; drop table site_updates; --",
      "javascript:alert(1)",
      "https://example.org/a",
      "2025-05-01T10:00:00.000Z",
      "(206) 555-0100",
      "avery@example.org",
      "news",
      "published",
      "STOP",
      "",
      " ",
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  { weight: 1, arbitrary: fc.nat({ max: 20_000 }).map((n) => "é".repeat(n)) },
);

const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -Number.MAX_VALUE, 1e308, 5e-324, -0, 0, 1, 20, 21),
);

const nastyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    nastyText,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(nastyText, tie("value"), { maxKeys: 4 }),
  ),
})).value;

function bodyFor(endpoint: Endpoint): fc.Arbitrary<{ body?: string | Buffer; type?: string }> {
  const { fields } = endpoint;
  const knownKey = fields.length > 0 ? fc.constantFrom(...fields) : fc.constant("x");
  const object = fc.dictionary(fc.oneof(knownKey, knownKey, nastyText), nastyValue, {
    maxKeys: 8,
  });
  const jsonText = fc.oneof(
    object.map((value) => JSON.stringify(value)),
    nastyValue.map((value) => JSON.stringify(value) ?? "null"),
    // Duplicate keys: the last one wins in JSON.parse; the first one must not sneak through.
    fc
      .tuple(knownKey, nastyValue, nastyValue)
      .map(([key, a, b]) => `{"${key}":${JSON.stringify(a)},"${key}":${JSON.stringify(b)}}`),
    fc.constantFrom(
      "",
      "{",
      "[",
      '{"a":',
      "nul",
      "1e999",
      "-1e999",
      "123456789012345678901234567890",
      "[".repeat(3000) + "]".repeat(3000),
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"x":1}}}',
      "\u0000",
      "\ufeff{}",
      "x".repeat(17 * 1024),
    ),
    fc.string({ unit: "binary", maxLength: 60 }),
  );
  const type = fc.constantFrom(
    "application/json",
    "application/json",
    "application/json; charset=utf-8",
    "application/json; charset=utf-16",
    "APPLICATION/JSON",
    "application/vnd.api+json",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=xyz",
    "application/octet-stream",
    "",
  );
  // A valid body with a few fields changed, removed or added.
  const nearlyValid = fc
    .tuple(
      fc.constant(endpoint.valid ?? {}),
      fc.dictionary(
        fc.oneof({ weight: 4, arbitrary: knownKey }, { weight: 1, arbitrary: nastyText }),
        fc.oneof({ weight: 3, arbitrary: nastyText }, { weight: 1, arbitrary: nastyValue }),
        { minKeys: 1, maxKeys: 2 },
      ),
      fc.subarray(Object.keys(endpoint.valid ?? {}), {
        maxLength: Math.min(2, Object.keys(endpoint.valid ?? {}).length),
      }),
    )
    .map(([valid, changes, removed]) => {
      const body: Record<string, unknown> = { ...valid, ...changes };
      for (const key of removed) delete body[key];
      return { body: JSON.stringify(body), type: "application/json" };
    });
  return fc.oneof(
    endpoint.ownBodies ?? nearlyValid,
    endpoint.ownBodies ?? nearlyValid,
    nearlyValid,
    fc.record({ body: jsonText, type }),
    fc.record({ body: jsonText }),
    fc.constant({}),
    fc.record({
      body: fc
        .array(fc.tuple(fc.oneof(knownKey, nastyText), nastyText), { maxLength: 5 })
        .map((pairs) => new URLSearchParams(pairs).toString()),
      type: fc.constant("application/x-www-form-urlencoded"),
    }),
  );
}

const queryFor = (fields: readonly string[]) =>
  fc
    .array(
      fc.tuple(
        fields.length > 0 ? fc.oneof(fc.constantFrom(...fields), nastyText) : nastyText,
        fc.oneof(nastyText, nastyNumber.map(String)),
      ),
      { maxLength: 4 },
    )
    .map((pairs) => (pairs.length > 0 ? `?${new URLSearchParams(pairs).toString()}` : ""));

/** Printable header values a client might send (HTTP itself refuses control characters). */
const headerText = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) }),
  fc.constantFrom("", "null", "x".repeat(4000), "http://localhost", "https://evil.example"),
);

function caseFor(endpoint: Endpoint) {
  return fc.record({
    endpoint: fc.constant(endpoint),
    id: fc.oneof(
      fc.constantFrom("known-update", "known-message", "known-media"),
      fc.constantFrom("known-update", "known-message", "known-course", "known-site"),
      fc.uuid(),
      nastyText.map(encodePathSegment),
    ),
    query: queryFor(endpoint.fields),
    body: bodyFor(endpoint),
    origin: fc.oneof(fc.constant(TEST_ORIGIN), fc.constant(TEST_ORIGIN), headerText),
    extraHeaders: fc.dictionary(
      fc.constantFrom("user-agent", "referer", "x-forwarded-for", "accept", "if-none-match"),
      headerText,
      { maxKeys: 3 },
    ),
    withSession: endpoint.admin ? fc.constantFrom(true, true, true, false) : fc.constant(false),
  });
}

/** Percent-encodes a path segment; a lone surrogate becomes an invalid UTF-8 sequence. */
function encodePathSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80";
  }
}

/** What a visitor or staff member can change, as it stands. */
async function contentSnapshot(t: TestApp): Promise<string> {
  const db = t.database.handle.db;
  const tables = await Promise.all([
    db.selectFrom("site_updates").selectAll().orderBy("id").execute(),
    db.selectFrom("contact_messages").selectAll().orderBy("id").execute(),
    db.selectFrom("sms_subscribers").selectAll().orderBy("id").execute(),
    db.selectFrom("sms_consent_events").selectAll().orderBy("id").execute(),
    db.selectFrom("media").selectAll().orderBy("id").execute(),
    db.selectFrom("media_files").select(["name", "media_id", "bytes"]).orderBy("name").execute(),
    db.selectFrom("content_entries").selectAll().orderBy("id").execute(),
    db
      .selectFrom("content_revisions")
      .selectAll()
      .orderBy("entry_id")
      .orderBy("revision")
      .execute(),
    db.selectFrom("content_state").selectAll().execute(),
  ]);
  return JSON.stringify(tables);
}

const STACK_TRACE = /\n\s+at\s|node_modules|\.[cm]?[jt]s:\d+:\d+|\bat async\b/;

describe.each(testDialects)("API fuzzing on $name", (dialect) => {
  let t: TestApp;
  let cookie: string;
  const known: Record<string, string> = {};

  beforeAll(async () => {
    if (dialect.skip) return;
    t = await createTestApp({
      database: await dialect.create(),
      env: {
        CONTACT_RATE_LIMIT: "0",
        SMS_RATE_LIMIT: "0",
        MEDIA_RATE_LIMIT: "0",
        SMS_WEBHOOK_TOKEN: "fuzz-webhook-token",
      },
      cheapPasswords: true,
    });
    cookie = await t.login();
    const update = await t.app.inject({
      method: "POST",
      url: "/api/updates",
      headers: { origin: TEST_ORIGIN, cookie, "content-type": "application/json" },
      payload: {
        type: "news",
        title: "Known update",
        summary: "Kept for the fuzzer to aim at.",
        status: "published",
        featured: true,
        published_at: "2025-05-01T10:00:00.000Z",
      },
    });
    known["known-update"] = (update.json() as { id: string }).id;
    const message = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: { message: "Known message" },
    });
    known["known-message"] = (message.json() as { id: string }).id;
    const media = await t.app.inject({
      method: "POST",
      url: "/api/media",
      headers: {
        origin: TEST_ORIGIN,
        cookie,
        "content-type": MULTIPART_TYPE,
      },
      payload: multipartBody([
        { name: "alt", value: "Known image" },
        { name: "file", filename: "known.png", type: "image/png", data: TINY_PNG },
      ]),
    });
    known["known-media"] = (media.json() as { id: string; url: string }).id;
    for (const collection of ["courses", "site"]) {
      const entries = await t.app.inject({
        method: "GET",
        url: `/api/content/${collection}`,
        headers: { cookie },
      });
      known[`known-${collection === "courses" ? "course" : "site"}`] = (
        entries.json() as { id: string }[]
      )[0]!.id;
    }
  });
  afterAll(async () => {
    if (dialect.skip) return;
    await t.close();
    await t.database.cleanup();
  });

  it.skipIf(dialect.skip)(
    `${RUNS} random requests: no 5xx, no stack trace, nothing stored from a 4xx`,
    async () => {
      let runs = 0;
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...ENDPOINTS).chain(caseFor), async (input) => {
          runs += 1;
          const { endpoint } = input;
          // Own keys only: a fuzzed id such as "valueOf" is an id, not Object.prototype's.
          // Own keys only: a random id such as `valueOf` must not find Object.prototype's.
          const id = Object.hasOwn(known, input.id) ? known[input.id]! : input.id;
          const url = endpoint.path.replace(":id", id) + input.query;
          const headers: Record<string, string> = { ...input.extraHeaders };
          if (input.origin !== "") headers.origin = input.origin;
          if (input.withSession) headers.cookie = cookie;
          if (input.body.type !== undefined && input.body.type !== "") {
            headers["content-type"] = input.body.type;
          }
          const before = await contentSnapshot(t);
          const options: InjectOptions = {
            method: endpoint.method,
            url,
            headers,
            ...(input.body.body !== undefined ? { payload: input.body.body } : {}),
          };
          const response = await t.app.inject(options);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const label = `${endpoint.method} ${url} ${response.statusCode} ${response.body.slice(0, 200)}`;
          expect(response.statusCode, label).toBeLessThan(500);
          expect(response.body, label).not.toMatch(STACK_TRACE);
          if (response.statusCode >= 400) {
            expect(await contentSnapshot(t), label).toBe(before);
          }
        }),
        { numRuns: RUNS },
      );
      const summary = [...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(" ");
      console.log(`[fuzz] ${dialect.name}: ${runs} cases run (${summary})`);
      expect(runs).toBeGreaterThanOrEqual(RUNS);
    },
    120_000,
  );
});
