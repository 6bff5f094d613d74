import { afterEach, describe, expect, it } from "vitest";
import { databaseMigratedTo, testDialects } from "../../test-support/test-database.js";
import { migrateToLatest } from "../database.js";
import { migrations } from "./index.js";
import { up } from "./012-revision-authors.js";

/**
 * 012 adds who published each revision (and who scheduled a draft) to a database made by an
 * older release: its revisions keep no author rather than a guessed one, and running it again
 * (a second instance, a retried start) changes nothing.
 */
for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`012 revision authors on ${dialect.name}`, () => {
    let upgrade: Awaited<ReturnType<typeof databaseMigratedTo>> | undefined;
    afterEach(async () => {
      await upgrade?.cleanup();
    });

    it("adds the columns once, from two instances; older revisions name nobody", async () => {
      upgrade = await databaseMigratedTo(
        dialect,
        Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "012")),
      );
      const { first, second } = upgrade;
      const at = "2025-09-01T00:00:00.000Z";
      await first.db
        .insertInto("content_entries")
        .values({
          id: "about-entry",
          collection: "about",
          position: 0,
          data: "{}",
          draft: "{}",
          status: "published",
          version: 2,
          publish_at: "2030-01-01T00:00:00.000Z",
          published_at: at,
          created_at: at,
          updated_at: at,
          deleted_at: null,
        })
        .execute();
      await first.db
        .insertInto("content_revisions")
        .values({
          entry_id: "about-entry",
          revision: 1,
          data: "{}",
          published_at: at,
          kind: "publish",
          restored_from: null,
        })
        .execute();

      await Promise.all([migrateToLatest(first), migrateToLatest(second)]);
      await up(first.db as never);

      const revisions = await first.db
        .selectFrom("content_revisions")
        .select(["revision", "published_by", "published_by_name"])
        .execute();
      expect(revisions).toEqual([{ revision: 1, published_by: null, published_by_name: null }]);
      const entries = await first.db
        .selectFrom("content_entries")
        .select(["id", "publish_at", "scheduled_by", "scheduled_by_name"])
        .execute();
      expect(entries).toEqual([
        {
          id: "about-entry",
          publish_at: "2030-01-01T00:00:00.000Z",
          scheduled_by: null,
          scheduled_by_name: null,
        },
      ]);
    });
  });
}
