import type { Kysely } from "kysely";

// The outcome of a public form posted without JavaScript (decision 023): the page a successful
// post redirects to carries only this row's random id (`?sent=…`), never what was typed. A row is
// read once and deleted, and housekeeping deletes the ones nobody came back for. Every statement
// tolerates having run before (see 001); the table stands alone.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("form_outcomes")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (col) => col.primaryKey())
    // Which form: 'contact' | 'sms'.
    .addColumn("form", "varchar(16)", (col) => col.notNull())
    .addColumn("expires_at", "varchar(32)", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("form_outcomes_expires_idx")
    .ifNotExists()
    .on("form_outcomes")
    .column("expires_at")
    .execute();
}
