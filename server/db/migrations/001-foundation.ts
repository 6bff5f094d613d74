import { type Kysely, sql } from "kysely";

// Every statement tolerates having run before, so two instances starting at once are safe.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("site_updates")
    .ifNotExists()
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    .addColumn("type", "varchar(32)", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("summary", "text", (col) => col.notNull())
    .addColumn("url", "text")
    .addColumn("image_url", "text")
    .addColumn("status", "varchar(16)", (col) => col.notNull())
    .addColumn("featured", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("published_at", "varchar(32)", (col) => col.notNull())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(32)", (col) => col.notNull())
    .addCheckConstraint(
      "site_updates_type_check",
      sql`type in ('news', 'current_project', 'completed_project', 'media')`,
    )
    .addCheckConstraint("site_updates_status_check", sql`status in ('published', 'draft')`)
    .addCheckConstraint("site_updates_featured_check", sql`featured in (0, 1)`)
    .execute();
  await db.schema
    .createIndex("site_updates_public_idx")
    .ifNotExists()
    .on("site_updates")
    .columns(["status", "featured", "published_at"])
    .execute();
  await db.schema
    .createIndex("site_updates_created_idx")
    .ifNotExists()
    .on("site_updates")
    .column("created_at")
    .execute();

  await db.schema
    .createTable("admin_sessions")
    .ifNotExists()
    .addColumn("id_hash", "varchar(64)", (col) => col.primaryKey())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("last_seen_at", "varchar(32)", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("login_failures")
    .ifNotExists()
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    .addColumn("client", "varchar(64)", (col) => col.notNull())
    .addColumn("failed_at", "varchar(32)", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("login_failures_client_idx")
    .ifNotExists()
    .on("login_failures")
    .columns(["client", "failed_at"])
    .execute();

  await db.schema
    .createTable("app_settings")
    .ifNotExists()
    .addColumn("key", "varchar(64)", (col) => col.primaryKey())
    .addColumn("value", "text", (col) => col.notNull())
    .execute();
}
