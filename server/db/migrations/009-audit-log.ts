import type { Kysely } from "kysely";

// The audit log (docs/product.md 5.0, decision 028): who did what, when, from where. Rows are
// only ever added (and purged after a year); the person is kept by id and by the email used,
// so an entry still names someone whose account changed, and a failed sign-in names the
// address tried. Every statement tolerates having run before (see 001).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("audit_log")
    .ifNotExists()
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    .addColumn("at", "varchar(32)", (col) => col.notNull())
    // The account that acted; null for a failed sign-in or someone not signed in.
    .addColumn("account_id", "varchar(36)")
    // The account's email at the time, or the email a failed sign-in tried.
    .addColumn("actor", "varchar(254)")
    .addColumn("action", "varchar(40)", (col) => col.notNull())
    // What it touched, e.g. "about/about-1", an update's or an image's id, an account's email.
    .addColumn("target", "varchar(300)")
    // A few words more where the action alone does not say it (a role change: "editor").
    .addColumn("detail", "varchar(300)")
    .addColumn("client_address", "varchar(64)")
    .execute();
  await db.schema
    .createIndex("audit_log_at_idx")
    .ifNotExists()
    .on("audit_log")
    .columns(["at", "id"])
    .execute();
  await db.schema
    .createIndex("audit_log_action_idx")
    .ifNotExists()
    .on("audit_log")
    .columns(["action", "at"])
    .execute();
}
