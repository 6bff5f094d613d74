import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import type { ContentEntry } from "../../common/content-api.js";
import { withDefaultPostgresUser } from "../db/database.js";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../test-support/test-app.js";
import {
  TEST_POSTGRES_URL,
  testDialects,
  type TestDatabase,
} from "../test-support/test-database.js";
import { LISTENER_NAME } from "./content-change-feed.js";
import { createContentRepository } from "./content-repository.js";
import { TEST_COLLECTIONS } from "./test-collections.js";

const json = { "content-type": "application/json", origin: TEST_ORIGIN };
const SEEDED_ENTRIES = TEST_COLLECTIONS.reduce((sum, c) => sum + c.seed.length, 0);

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) return false;
    await new Promise((done) => setTimeout(done, 5));
  }
  return true;
}

describe.each(testDialects)("content store on $name", (dialect) => {
  const apps: TestApp[] = [];
  let database: TestDatabase | undefined;

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await database?.cleanup();
    database = undefined;
  });

  /** An app instance of its own (its own database handle) on the shared test database. */
  async function instance(options: { schedulerIntervalMs?: number } = {}): Promise<TestApp> {
    database ??= await dialect.create();
    const handle = apps.length === 0 ? database.handle : database.openAnother();
    const app = await createTestApp({
      database: { ...database, handle },
      cheapPasswords: true,
      deps: {
        contentStore: { collections: TEST_COLLECTIONS, ...options },
      },
    });
    apps.push(app);
    return app;
  }

  async function firstCourse(t: TestApp, cookie: string): Promise<ContentEntry> {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/content/courses",
      headers: { cookie },
    });
    return response.json<ContentEntry[]>()[0]!;
  }

  it.skipIf(dialect.skip)(
    "seeds once, however often and however many instances start",
    async () => {
      database = await dialect.create();
      const handles = [database.handle, database.openAnother(), database.openAnother()];
      const repositories = handles.map((handle) =>
        createContentRepository({ db: handle.db, dialect: handle.dialect, clock: Date.now }),
      );
      // Three instances start at once, then one starts again.
      const counts = await Promise.all(repositories.map((r) => r.seed(TEST_COLLECTIONS)));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(SEEDED_ENTRIES);
      expect(await repositories[0]!.seed(TEST_COLLECTIONS)).toBe(0);
      const db = database.handle.db;
      const entries = await db.selectFrom("content_entries").selectAll().execute();
      expect(entries).toHaveLength(SEEDED_ENTRIES);
      const revisions = await db.selectFrom("content_revisions").selectAll().execute();
      expect(revisions).toHaveLength(SEEDED_ENTRIES);
      expect(new Set(revisions.map((r) => `${r.revision}:${r.kind}`))).toEqual(new Set(["1:seed"]));

      // A collection whose entries were all deleted is not seeded again.
      await db
        .updateTable("content_entries")
        .set({ deleted_at: "2026-01-01T00:00:00.000Z" })
        .execute();
      expect(await repositories[1]!.seed(TEST_COLLECTIONS)).toBe(0);
      // A collection added later is seeded on the next start, the others left as they are.
      await db
        .deleteFrom("content_revisions")
        .where(
          "entry_id",
          "in",
          entries.filter((e) => e.collection === "team").map((e) => e.id),
        )
        .execute();
      await db.deleteFrom("content_entries").where("collection", "=", "team").execute();
      expect(await repositories[2]!.seed(TEST_COLLECTIONS)).toBe(2);
      expect(await db.selectFrom("content_entries").select("id").execute()).toHaveLength(
        SEEDED_ENTRIES,
      );
    },
  );

  it.skipIf(dialect.skip)(
    "keeps the published snapshot in memory until the content changes",
    async () => {
      const t = await instance();
      const cookie = await t.login();
      const first = await t.app.content.published();
      expect(await t.app.content.published()).toBe(first);
      const entry = await firstCourse(t, cookie);
      await t.app.inject({
        method: "PUT",
        url: `/api/content/courses/${entry.id}`,
        headers: { ...json, cookie },
        payload: { data: { id: 8, title: "Draft title", description: "d" }, version: 1 },
      });
      // A draft changes nothing public.
      expect(await t.app.content.published()).toBe(first);
      await t.app.inject({
        method: "POST",
        url: `/api/content/courses/${entry.id}/publish`,
        headers: { ...json, cookie },
      });
      const second = (await t.app.content.published()) as unknown as {
        courses: { title: string }[];
      };
      expect(second).not.toBe(first);
      expect(second.courses[0]!.title).toBe("Draft title");
    },
  );

  it.skipIf(dialect.skip)(
    "publishes a scheduled draft within 5 s of its time, with no request, once across instances",
    async () => {
      const a = await instance();
      const b = await instance();
      const cookie = await a.login();
      const entry = await firstCourse(a, cookie);
      const draft = { id: 8, title: "Scheduled title", description: "Goes live by itself." };
      await a.app.inject({
        method: "PUT",
        url: `/api/content/courses/${entry.id}`,
        headers: { ...json, cookie },
        payload: { data: draft, version: 1 },
      });
      const at = Date.now() + 1500;
      const scheduled = await a.app.inject({
        method: "POST",
        url: `/api/content/courses/${entry.id}/publish`,
        headers: { ...json, cookie },
        payload: { at: new Date(at).toISOString() },
      });
      expect(scheduled.statusCode).toBe(202);
      const versions = [a.app.content.version(), b.app.content.version()];
      const liveOn = async (t: TestApp) =>
        ((await t.app.content.published()) as unknown as { courses: { title: string }[] })
          .courses[0]!.title === draft.title;
      expect(await liveOn(a)).toBe(false);

      // No request from here on: each instance's scheduler and change feed do the work.
      const seen = await Promise.all(
        [a, b].map(async (t, index) => {
          const ok = await waitUntil(() => t.app.content.version() > versions[index]!, 8000);
          return { ok, lateMs: Date.now() - at };
        }),
      );
      console.log(
        `[content] ${dialect.name}: scheduled publish seen ${seen.map((s) => `${s.lateMs} ms`).join(" and ")} after its time`,
      );
      for (const { ok, lateMs } of seen) {
        expect(ok).toBe(true);
        expect(lateMs).toBeLessThanOrEqual(5000);
      }
      expect(await liveOn(a)).toBe(true);
      expect(await liveOn(b)).toBe(true);
      const revisions = await a.database.handle.db
        .selectFrom("content_revisions")
        .selectAll()
        .where("entry_id", "=", entry.id)
        .orderBy("revision")
        .execute();
      expect(revisions.map((r) => [r.revision, r.kind])).toEqual([
        [1, "seed"],
        [2, "scheduled"],
      ]);
      const after = await firstCourse(a, cookie);
      expect(after).toMatchObject({ publish_at: null, draft: null, data: draft });
    },
    20_000,
  );

  it.skipIf(dialect.skip)(
    "a publish on one instance reaches another within 2 s",
    async () => {
      const a = await instance();
      const b = await instance();
      const cookie = await a.login();
      const entry = await firstCourse(a, cookie);
      const latencies: number[] = [];
      for (let round = 1; round <= 3; round += 1) {
        const title = `Round ${round}`;
        await a.app.inject({
          method: "PUT",
          url: `/api/content/courses/${entry.id}`,
          headers: { ...json, cookie },
          payload: { data: { id: 8, title, description: "x" }, version: (round - 1) * 2 + 1 },
        });
        const before = b.app.content.version();
        const changed = new Promise<number>((resolve) => {
          const stop = b.app.content.onChange(() => {
            stop();
            resolve(Date.now());
          });
        });
        const start = Date.now();
        const published = await a.app.inject({
          method: "POST",
          url: `/api/content/courses/${entry.id}/publish`,
          headers: { ...json, cookie },
        });
        expect(published.statusCode).toBe(200);
        const arrived = await Promise.race([
          changed,
          new Promise<null>((resolve) => setTimeout(() => resolve(null), 2000)),
        ]);
        expect(arrived, `round ${round}`).not.toBeNull();
        latencies.push(arrived! - start);
        expect(b.app.content.version()).toBeGreaterThan(before);
        expect(b.app.content.version()).toBe(a.app.content.version());
        const courses = (
          (await b.app.content.published()) as unknown as { courses: { title: string }[] }
        ).courses;
        expect(courses[0]!.title).toBe(title);
      }
      console.log(
        `[content] ${dialect.name}: publish seen by the other instance after ${latencies.join(", ")} ms`,
      );
      for (const latency of latencies) expect(latency).toBeLessThan(2000);
    },
    20_000,
  );

  it.skipIf(dialect.skip || dialect.name !== "postgres")(
    "listens again after losing its connection, and catches up on what it missed",
    async () => {
      const a = await instance();
      const b = await instance();
      const cookie = await a.login();
      const admin = new pg.Client({ connectionString: withDefaultPostgresUser(TEST_POSTGRES_URL) });
      await admin.connect();
      try {
        // Both instances' listening connections are cut by the server.
        const cut = await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
          [`${LISTENER_NAME}:${database!.schema}`],
        );
        expect(cut.rowCount).toBe(2);
      } finally {
        await admin.end();
      }
      const entry = await firstCourse(a, cookie);
      await a.app.inject({
        method: "PUT",
        url: `/api/content/courses/${entry.id}`,
        headers: { ...json, cookie },
        payload: { data: { id: 8, title: "While reconnecting", description: "x" }, version: 1 },
      });
      const start = Date.now();
      await a.app.inject({
        method: "POST",
        url: `/api/content/courses/${entry.id}/publish`,
        headers: { ...json, cookie },
      });
      const ok = await waitUntil(() => b.app.content.version() === a.app.content.version(), 4000);
      console.log(`[content] postgres: after a lost connection, seen in ${Date.now() - start} ms`);
      expect(ok).toBe(true);

      // And the new connection carries the next publish as quickly as before.
      await a.app.inject({
        method: "PUT",
        url: `/api/content/courses/${entry.id}`,
        headers: { ...json, cookie },
        payload: { data: { id: 8, title: "Reconnected", description: "x" }, version: 3 },
      });
      const next = Date.now();
      await a.app.inject({
        method: "POST",
        url: `/api/content/courses/${entry.id}/publish`,
        headers: { ...json, cookie },
      });
      expect(await waitUntil(() => b.app.content.version() === a.app.content.version(), 1000)).toBe(
        true,
      );
      console.log(`[content] postgres: next publish seen in ${Date.now() - next} ms`);
    },
    20_000,
  );

  it.skipIf(dialect.skip)(
    "notices a change it was not told about, by its poll",
    async () => {
      const t = await instance();
      const before = t.app.content.version();
      const start = Date.now();
      // As if a notification were lost: the counter moves with no NOTIFY.
      await t.database.handle.db
        .updateTable("content_state")
        .set((eb) => ({ version: eb("version", "+", 1) }))
        .execute();
      const pollMs = dialect.name === "postgres" ? 5000 : 500;
      const seen = await waitUntil(() => t.app.content.version() === before + 1, pollMs + 1000);
      console.log(
        `[content] ${dialect.name}: unannounced change seen by the poll in ${Date.now() - start} ms`,
      );
      expect(seen).toBe(true);
    },
    10_000,
  );

  it.skipIf(dialect.skip)("closes its listener and timers with the app", async () => {
    const t = await instance();
    await t.app.close();
    apps.splice(apps.indexOf(t), 1);
    if (dialect.name === "postgres") {
      const admin = new pg.Client({ connectionString: withDefaultPostgresUser(TEST_POSTGRES_URL) });
      await admin.connect();
      try {
        // The server notices the goodbye a moment later.
        const gone = await waitUntil(async () => {
          const left = await admin.query(
            "select pid from pg_stat_activity where application_name = $1",
            [`${LISTENER_NAME}:${database!.schema}`],
          );
          return left.rowCount === 0;
        }, 2000);
        expect(gone).toBe(true);
      } finally {
        await admin.end();
      }
    }
  });
});
