import { type Kysely, PostgresAdapter, sql } from "kysely";

// Who sent each invitation (design 6d, decision 040): the sender's account id, so an invitation
// is withdrawn when its sender is deactivated, removed or made less than an administrator, and
// the Staff page names who sent it. No foreign key: a removed sender's invitations are ended by
// the removal itself, and the id stays to say so. Invitations from before name no sender (null)
// and keep working until they expire (7 days at most): nobody is guessed.
// Tolerates having run before (see 001): the column is added only when missing.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table staff_tokens add column if not exists sent_by varchar(36)`.execute(db);
    return;
  }
  const tables = await db.introspection.getTables();
  const tokens = tables.find((table) => table.name === "staff_tokens");
  if (tokens?.columns.some((column) => column.name === "sent_by")) return;
  await db.schema.alterTable("staff_tokens").addColumn("sent_by", "varchar(36)").execute();
}
