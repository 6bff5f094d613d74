import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_COLLECTIONS, seedSnapshot } from "../../common/content/registry.js";
import { createTestApp, type TestApp } from "../test-support/test-app.js";
import { testDialects } from "../test-support/test-database.js";

/** A fresh install looks exactly as today: the seeded content is the default snapshot. */
describe.each(testDialects)("seeded content on $name", (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    if (dialect.skip) return;
    t = await createTestApp({
      database: await dialect.create(),
      cheapPasswords: true,
    });
  });
  afterAll(async () => {
    if (dialect.skip) return;
    await t.close();
    await t.database.cleanup();
  });

  it.skipIf(dialect.skip)(
    "publishes every collection's seed, as revision 1 of each entry",
    async () => {
      expect(await t.app.content.published()).toEqual(seedSnapshot());
      expect(await t.app.content.withDrafts()).toEqual(seedSnapshot());
      const db = t.database.handle.db;
      const entries = await db.selectFrom("content_entries").select(["id", "collection"]).execute();
      const expected = CONTENT_COLLECTIONS.reduce((sum, c) => sum + c.seed.length, 0);
      expect(entries).toHaveLength(expected);
      const revisions = await db
        .selectFrom("content_revisions")
        .select(["revision", "kind"])
        .execute();
      expect(revisions).toHaveLength(expected);
      expect(revisions.every((r) => r.revision === 1 && r.kind === "seed")).toBe(true);
    },
  );

  it.skipIf(dialect.skip)("lists every collection for staff", async () => {
    const cookie = await t.login();
    const response = await t.app.inject({
      method: "GET",
      url: "/api/content",
      headers: { cookie },
    });
    expect(response.json()).toEqual(
      CONTENT_COLLECTIONS.map(({ name, label, kind }) => ({ name, label, kind })),
    );
  });
});
