import type { Kysely } from "kysely";

// Site statistics counted on the server (docs/product.md 5.7, decision 042) and redirects. Nothing in
// these tables names a person: visitors are told apart by a hash of the day's random salt, the
// client address and the User-Agent, and the salt and the hashes are kept for the current day
// only (the day in SITE_TIME_ZONE), then deleted. Every statement tolerates having run before
// (see 001).
export async function up(db: Kysely<unknown>): Promise<void> {
  // One random salt per day, shared by every instance; yesterday's is deleted at midnight.
  await db.schema
    .createTable("statistics_salts")
    .ifNotExists()
    .addColumn("day", "varchar(10)", (col) => col.primaryKey())
    .addColumn("salt", "varchar(64)", (col) => col.notNull())
    .execute();
  // Which visitor (hash) was already counted today for what (the site, a page, a source, ...).
  await db.schema
    .createTable("statistics_seen")
    .ifNotExists()
    .addColumn("day", "varchar(10)", (col) => col.notNull())
    .addColumn("visitor", "varchar(32)", (col) => col.notNull())
    .addColumn("dimension", "varchar(320)", (col) => col.notNull())
    .addPrimaryKeyConstraint("statistics_seen_pk", ["day", "visitor", "dimension"])
    .execute();
  // The numbers kept for 25 months: per day, kind (site, page, source, campaign, device, goal,
  // missing) and name; `detail` is a page's path, a campaign's source, a missing path's last
  // referring host.
  await db.schema
    .createTable("statistics_daily")
    .ifNotExists()
    .addColumn("day", "varchar(10)", (col) => col.notNull())
    .addColumn("kind", "varchar(16)", (col) => col.notNull())
    .addColumn("name", "varchar(320)", (col) => col.notNull())
    .addColumn("detail", "varchar(320)", (col) => col.notNull().defaultTo(""))
    .addColumn("views", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("visitors", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("statistics_daily_pk", ["day", "kind", "name"])
    .execute();
  await db.schema
    .createTable("redirects")
    .ifNotExists()
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    .addColumn("from_path", "varchar(300)", (col) => col.notNull().unique())
    .addColumn("to_path", "varchar(300)", (col) => col.notNull())
    .addColumn("hits", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .execute();
}
