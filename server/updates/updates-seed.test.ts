import { afterEach, describe, expect, it } from "vitest";
import { testDialects, type TestDatabase } from "../test-support/test-database.js";
import { createUpdatesRepository } from "./updates-repository.js";
import { SEEDED_UPDATES, seedUpdatesOnce } from "./updates-seed.js";

const clock = () => Date.parse("2026-11-25T10:00:00Z");

for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`starting updates on ${dialect.name}`, () => {
    let database: TestDatabase | undefined;
    afterEach(async () => {
      await database?.cleanup();
    });

    it("a fresh database gets them once, from two instances starting at once", async () => {
      database = await dialect.create();
      const other = database.openAnother();
      try {
        // SQLite: two connections in one thread would wait on each other's lock with the thread
        // blocked (two real instances are two processes), so one after the other there.
        const written =
          dialect.name === "sqlite"
            ? [
                await seedUpdatesOnce(database.handle.db, clock),
                await seedUpdatesOnce(other.db, clock),
              ]
            : await Promise.all([
                seedUpdatesOnce(database.handle.db, clock),
                seedUpdatesOnce(other.db, clock),
              ]);
        expect(written.sort()).toEqual([0, SEEDED_UPDATES.length]);
        const repository = createUpdatesRepository(database.handle.db, clock);
        const featured = await repository.listFeatured(5);
        expect(featured.map((update) => update.title)).toEqual(
          SEEDED_UPDATES.map((update) => update.title),
        );
        expect(featured.every((update) => update.status === "published")).toBe(true);
      } finally {
        await other.close();
      }
    });

    it("never comes back once staff deleted them", async () => {
      database = await dialect.create();
      const db = database.handle.db;
      await seedUpdatesOnce(db, clock);
      await db.deleteFrom("site_updates").execute();
      expect(await seedUpdatesOnce(db, clock)).toBe(0);
      expect(await db.selectFrom("site_updates").select("id").execute()).toEqual([]);
    });

    it("leaves a site that already has updates as it is", async () => {
      database = await dialect.create();
      const repository = createUpdatesRepository(database.handle.db, clock);
      await repository.create({
        type: "news",
        title: "Staff's own",
        summary: "Written before the upgrade.",
        url: null,
        image_url: null,
        status: "draft",
        featured: false,
        published_at: "2026-01-01T00:00:00.000Z",
      });
      expect(await seedUpdatesOnce(database.handle.db, clock)).toBe(0);
      expect((await repository.listAll()).map((update) => update.title)).toEqual(["Staff's own"]);
    });
  });
}
