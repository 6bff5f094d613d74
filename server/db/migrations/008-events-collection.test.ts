import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { eventSchema } from "../../../common/content/event.js";
import { currentsOfCareSeed } from "../../../common/content/seed/event.js";
import { databaseMigratedTo, testDialects } from "../../test-support/test-database.js";
import { migrateToLatest } from "../database.js";
import type { Database } from "../schema.js";
import { migrations } from "./index.js";

/** The first event as 007 stored it: the singleton's data, without an address name. */
function storedBefore008(title: string): string {
  const { slug: _slug, status: _status, ...data } = currentsOfCareSeed;
  return JSON.stringify({ ...data, title });
}

/**
 * 008 turns the `event` singleton into the first entry of the `events` list: its published
 * value, its draft and every revision kept, each with the address name the pages need; two
 * instances migrating at once do it once.
 */
for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`008 events collection on ${dialect.name}`, () => {
    let upgrade: Awaited<ReturnType<typeof databaseMigratedTo>> | undefined;
    afterEach(async () => {
      await upgrade?.cleanup();
    });

    async function storeEvent(db: Kysely<Database>) {
      const at = "2025-09-01T00:00:00.000Z";
      await db
        .insertInto("content_entries")
        .values({
          id: "event-entry",
          collection: "event",
          position: 0,
          data: storedBefore008("Currents of Care"),
          draft: storedBefore008("Currents of Care (draft)"),
          status: "published",
          version: 3,
          publish_at: null,
          published_at: at,
          created_at: at,
          updated_at: at,
          deleted_at: null,
        })
        .execute();
      await db
        .insertInto("content_revisions")
        .values(
          [1, 2].map((revision) => ({
            entry_id: "event-entry",
            revision,
            data: storedBefore008(revision === 1 ? "First title" : "Currents of Care"),
            published_at: at,
            kind: revision === 1 ? "seed" : "publish",
            restored_from: null,
          })),
        )
        .execute();
      // Another collection's entry is left alone.
      await db
        .insertInto("content_entries")
        .values({
          id: "team-entry",
          collection: "team",
          position: 2,
          data: JSON.stringify({ name: "Staff member" }),
          draft: null,
          status: "published",
          version: 1,
          publish_at: null,
          published_at: at,
          created_at: at,
          updated_at: at,
          deleted_at: null,
        })
        .execute();
    }

    it("moves the singleton with its draft and revisions, once, from two instances", async () => {
      upgrade = await databaseMigratedTo(
        dialect,
        Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "008")),
      );
      const { first, second } = upgrade;
      await storeEvent(first.db);

      await Promise.all([migrateToLatest(first), migrateToLatest(second)]);
      await migrateToLatest(first);

      const entries = await first.db
        .selectFrom("content_entries")
        .select(["id", "collection", "position", "data", "draft", "version"])
        .orderBy("id")
        .execute();
      expect(
        entries.map(({ id, collection, position, version }) => ({
          id,
          collection,
          position,
          version,
        })),
      ).toEqual([
        { id: "event-entry", collection: "events", position: 0, version: 3 },
        { id: "team-entry", collection: "team", position: 2, version: 1 },
      ]);
      const event = entries[0]!;
      const published = eventSchema.parse(JSON.parse(event.data!));
      expect(published.slug).toBe("currents-of-care");
      expect(published.title).toBe("Currents of Care");
      // A status was never stored: the schema's default reads it.
      expect(published.status).toBe("scheduled");
      expect(eventSchema.parse(JSON.parse(event.draft!)).title).toBe("Currents of Care (draft)");
      expect(JSON.parse(entries[1]!.data!)).toEqual({ name: "Staff member" });

      const revisions = await second.db
        .selectFrom("content_revisions")
        .select(["revision", "data", "kind"])
        .where("entry_id", "=", "event-entry")
        .orderBy("revision")
        .execute();
      expect(revisions).toHaveLength(2);
      for (const revision of revisions) {
        expect(eventSchema.parse(JSON.parse(revision.data)).slug).toBe("currents-of-care");
      }
      expect(JSON.parse(revisions[0]!.data).title).toBe("First title");
    });
  });
}
