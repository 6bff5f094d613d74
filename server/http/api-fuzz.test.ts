import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../test-support/test-app.js";
import { testDialects } from "../test-support/test-database.js";
import { multipartBody, MULTIPART_TYPE } from "../media/test-images.js";
import { caseFor } from "./test-fuzz-arbitraries.js";
import { ENDPOINTS, TINY_PNG } from "./test-fuzz-endpoints.js";

/**
 * Property-based fuzzing of every public and staff endpoint (docs/product.md section 10): random JSON shapes,
 * text with control and astral characters, huge numbers, duplicate keys, odd content types and
 * bodies. Whatever arrives: never a 5xx, never a stack trace in a body, nothing stored from a 4xx.
 * Bounded by count (RUNS per database), printed at the end.
 */
const RUNS = 2500;

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
