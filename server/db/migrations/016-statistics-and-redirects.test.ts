import { afterEach, describe, expect, it } from "vitest";
import { databaseMigratedTo, testDialects } from "../../test-support/test-database.js";
import { migrateToLatest } from "../database.js";
import { migrations } from "./index.js";
import { up } from "./016-statistics-and-redirects.js";

/**
 * 016 adds the statistics' tables and redirects to a database made by an older release, once
 * even with two instances migrating at once; running it again changes nothing. A redirect's
 * from-path is unique, and a day's numbers have one row per kind and name.
 */
for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`016 statistics and redirects on ${dialect.name}`, () => {
    let upgrade: Awaited<ReturnType<typeof databaseMigratedTo>> | undefined;
    afterEach(async () => {
      await upgrade?.cleanup();
    });

    it("makes the tables once, from two instances, with their keys", async () => {
      upgrade = await databaseMigratedTo(
        dialect,
        Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "016")),
      );
      const { first, second } = upgrade;
      await Promise.all([migrateToLatest(first), migrateToLatest(second)]);
      await up(first.db as never);

      const db = first.db;
      const redirect = (id: string) => ({
        id,
        from_path: "/old",
        to_path: "/about-desktop",
        created_at: "2026-11-28T00:00:00.000Z",
      });
      await db.insertInto("redirects").values(redirect("a")).execute();
      await expect(db.insertInto("redirects").values(redirect("b")).execute()).rejects.toThrow();
      expect(await db.selectFrom("redirects").select(["id", "hits"]).execute()).toEqual([
        { id: "a", hits: 0 },
      ]);

      const day = { day: "2026-11-28", kind: "page", name: "About" };
      await db.insertInto("statistics_daily").values(day).execute();
      await expect(db.insertInto("statistics_daily").values(day).execute()).rejects.toThrow();
      expect(await db.selectFrom("statistics_daily").selectAll().execute()).toEqual([
        { ...day, detail: "", views: 0, visitors: 0 },
      ]);
      const seen = { day: "2026-11-28", visitor: "abc", dimension: "site" };
      await db.insertInto("statistics_seen").values(seen).execute();
      await expect(db.insertInto("statistics_seen").values(seen).execute()).rejects.toThrow();
      await db.insertInto("statistics_salts").values({ day: "2026-11-28", salt: "s" }).execute();
      expect(await db.selectFrom("statistics_salts").selectAll().execute()).toEqual([
        { day: "2026-11-28", salt: "s" },
      ]);
    });
  });
}
