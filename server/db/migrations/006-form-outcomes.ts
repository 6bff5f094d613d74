import type { Kysely } from "kysely";

// The outcome of a form posted without JavaScript, kept for the one page load after the
// redirect (Post/Redirect/Get, decision 023). Keyed by a hash of the id in the Location, so a
// copy of the table does not let anyone read the pages. Stands alone (no other table is read).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("form_outcomes")
    .ifNotExists()
    // SHA-256 (hex) of the random id the redirect carries.
    .addColumn("id_hash", "varchar(64)", (col) => col.primaryKey())
    // The page the form was posted from, and only that page may show it.
    .addColumn("page", "varchar(64)", (col) => col.notNull())
    // JSON: status, outcome, the typed values and field messages of a refused submission.
    .addColumn("data", "text", (col) => col.notNull())
    .addColumn("expires_at", "varchar(32)", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("form_outcomes_expires_idx")
    .ifNotExists()
    .on("form_outcomes")
    .column("expires_at")
    .execute();
}
