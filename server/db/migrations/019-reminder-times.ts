import { type Kysely, PostgresAdapter, sql } from "kysely";

// Event reminders (docs/decisions/048): a reminder text keeps the moment it is meant for (the
// session's start minus the lead, before the sending hours move it), so each number's turn is
// the last minute its own sending hours allow at or before it. Null for every other text.
// Tolerates having run before (see 001).
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table sms_texts add column if not exists remind_at varchar(32)`.execute(db);
    return;
  }
  const tables = await db.introspection.getTables();
  const texts = tables.find((table) => table.name === "sms_texts");
  if (!texts?.columns.some((column) => column.name === "remind_at")) {
    await db.schema.alterTable("sms_texts").addColumn("remind_at", "varchar(32)").execute();
  }
}
