import { type Kysely, PostgresAdapter, sql } from "kysely";

// Who published each revision (docs/product.md 5.0, decision 033): the account's id and its
// name at the time, so a revision still names someone whose account was renamed or removed.
// A scheduled draft remembers who scheduled it, and its revision names them when it goes live.
// Revisions from before named accounts stay without an author (null): nobody is guessed.
// Every statement tolerates having run before (see 001): a column is added only when missing.
const COLUMNS: ReadonlyArray<
  readonly [table: string, column: string, type: "varchar(36)" | "varchar(200)"]
> = [
  ["content_revisions", "published_by", "varchar(36)"],
  ["content_revisions", "published_by_name", "varchar(200)"],
  ["content_entries", "scheduled_by", "varchar(36)"],
  ["content_entries", "scheduled_by_name", "varchar(200)"],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // PostgreSQL says it itself (and its introspection would see other schemas' tables too).
    for (const [table, column, type] of COLUMNS) {
      await sql`alter table ${sql.table(table)} add column if not exists ${sql.ref(column)} ${sql.raw(type)}`.execute(
        db,
      );
    }
    return;
  }
  const tables = await db.introspection.getTables();
  for (const [table, column, type] of COLUMNS) {
    const existing = tables.find((candidate) => candidate.name === table);
    if (existing?.columns.some((candidate) => candidate.name === column)) continue;
    await db.schema.alterTable(table).addColumn(column, type).execute();
  }
}
