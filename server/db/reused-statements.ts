import type BetterSqlite3 from "better-sqlite3";

/** How many prepared statements a SQLite connection keeps for reuse. */
export const KEPT_STATEMENTS = 256;

/**
 * Makes `prepare` on this connection hand back the statement it prepared earlier for the same
 * SQL. Kysely's SQLite driver prepares every query anew, and preparing (parsing the SQL and
 * planning it) cost about a quarter of a simple query's time: on the texts' drain, 7% of the
 * process's CPU (bench/RESULTS.md). A statement still busy (an iterator over its rows is open)
 * is not handed out twice: a fresh one is prepared for that call. The most recently used
 * `limit` statements are kept; SQLite re-prepares a kept statement by itself after a schema
 * change.
 */
export function reusePreparedStatements(
  sqlite: BetterSqlite3.Database,
  limit: number = KEPT_STATEMENTS,
): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const kept = new Map<string, BetterSqlite3.Statement>();
  sqlite.prepare = ((source: string) => {
    const statement = kept.get(source);
    if (statement && !statement.busy) {
      // Most recently used last, so the first key is the one to let go.
      kept.delete(source);
      kept.set(source, statement);
      return statement;
    }
    const prepared = prepare(source);
    if (!statement) {
      kept.set(source, prepared);
      if (kept.size > limit) kept.delete(kept.keys().next().value as string);
    }
    return prepared;
  }) as typeof sqlite.prepare;
}
