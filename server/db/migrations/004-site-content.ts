import { type Kysely, sql } from "kysely";

/** The table this migration fills, as it is at this point (not schema.ts). */
interface TablesAt004 {
  content_state: { id: number; version: number };
}

// Staff-managed content (docs/product.md section 14, decision 015): one row per entry, an
// append-only revision per publish, and one counter that every change of the public content
// increments. Every statement tolerates having run before, so two instances migrating at once
// are safe (see 001). The seed content itself is written at start (server/content/), not here:
// it comes from common/content/ and grows with it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("content_entries")
    .ifNotExists()
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    .addColumn("collection", "varchar(32)", (col) => col.notNull())
    // Order within a list (ascending); 0 for a singleton.
    .addColumn("position", "integer", (col) => col.notNull().defaultTo(0))
    // The published data (JSON text); null until the entry is first published.
    .addColumn("data", "text")
    // The saved draft (JSON text) waiting to be published, or null.
    .addColumn("draft", "text")
    // 'draft': never published; 'published': data is live unless deleted_at is set.
    .addColumn("status", "varchar(16)", (col) => col.notNull())
    // Optimistic concurrency: every change of the entry increments it; a stale save gets 409.
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    // When the draft goes live by itself (scheduled publish), or null.
    .addColumn("publish_at", "varchar(32)")
    .addColumn("published_at", "varchar(32)")
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(32)", (col) => col.notNull())
    // Removed from the public site; the row and its revisions stay, so a restore brings it back.
    .addColumn("deleted_at", "varchar(32)")
    .addCheckConstraint("content_entries_status_check", sql`status in ('draft', 'published')`)
    .execute();
  await db.schema
    .createIndex("content_entries_collection_idx")
    .ifNotExists()
    .on("content_entries")
    .columns(["collection", "position"])
    .execute();
  // The scheduler looks for due rows every second on every instance.
  await db.schema
    .createIndex("content_entries_publish_at_idx")
    .ifNotExists()
    .on("content_entries")
    .column("publish_at")
    .execute();

  await db.schema
    .createTable("content_revisions")
    .ifNotExists()
    .addColumn("entry_id", "varchar(36)", (col) =>
      col.notNull().references("content_entries.id").onDelete("restrict"),
    )
    // 1, 2, 3, … per entry; 1 is the seeded default for seeded entries.
    .addColumn("revision", "integer", (col) => col.notNull())
    .addColumn("data", "text", (col) => col.notNull())
    .addColumn("published_at", "varchar(32)", (col) => col.notNull())
    // How it went live: 'seed', 'publish', 'scheduled' or 'restore' (of `restored_from`).
    .addColumn("kind", "varchar(16)", (col) => col.notNull())
    .addColumn("restored_from", "integer")
    .addPrimaryKeyConstraint("content_revisions_pk", ["entry_id", "revision"])
    .addCheckConstraint(
      "content_revisions_kind_check",
      sql`kind in ('seed', 'publish', 'scheduled', 'restore')`,
    )
    .execute();

  // One row: the version of the public content, incremented in the same transaction as every
  // publish, restore, delete, reorder and scheduled publish (cache keys, change notification).
  await db.schema
    .createTable("content_state")
    .ifNotExists()
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("version", "integer", (col) => col.notNull())
    .addCheckConstraint("content_state_single_row_check", sql`id = 1`)
    .execute();
  await (db as unknown as Kysely<TablesAt004>)
    .insertInto("content_state")
    .values({ id: 1, version: 1 })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .execute();
}
