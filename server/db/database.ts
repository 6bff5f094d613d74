import { mkdirSync } from "node:fs";
import { userInfo } from "node:os";
import { dirname, resolve } from "node:path";
import { Kysely, PostgresDialect, sql, type Transaction } from "kysely";
import { Migrator, type MigrationProvider } from "kysely/migration";
import type pg from "pg";
import { migrations } from "./migrations/index.js";
import type { Database } from "./schema.js";
import { reusePreparedStatements } from "./reused-statements.js";
import { lockWaitingSqliteDialect } from "./sqlite-dialect.js";

export type Dialect = "sqlite" | "postgres";

/** Where a query runs: the database, or a transaction already open on it. */
export type Executor = Kysely<Database> | Transaction<Database>;

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /**
   * How it was opened, so another thread can open its own handle on the same database (the
   * texts' sender thread); `openDatabase(address.url, address)` does.
   */
  address: DatabaseAddress;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: a connection of its own, outside the pool, on the same database and
   * schema (for LISTEN), shown as `name` in pg_stat_activity. The caller ends it.
   */
  connectDedicated?: (name: string) => Promise<pg.Client>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL only: the schema to use (tests isolate themselves this way). */
  searchPath?: string;
}

export type DatabaseAddress = { url: string } & OpenDatabaseOptions;

/** Opens `sqlite:PATH` (directory created) or a `postgres://` URL. */
export function openDatabase(url: string, options: OpenDatabaseOptions = {}): DatabaseHandle {
  if (url.startsWith("sqlite:")) return openSqlite(url.slice("sqlite:".length), url);
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url, options);
  throw new Error(`Unsupported DATABASE_URL: ${url}`);
}

// Each driver is imported when its first connection opens: a process loads only the one its
// DATABASE_URL names (pg alone weighs about 13 MB of memory in a SQLite deployment).
function openSqlite(path: string, url: string): DatabaseHandle {
  const file = path === ":memory:" ? path : resolve(path);
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const database = async () => {
    const { default: SQLite } = await import("better-sqlite3");
    const sqlite = new SQLite(file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    // FULL: a commit is on disk before it returns, so a 2xx survives power loss, not only a
    // process crash (NORMAL in WAL mode may lose the last commits).
    sqlite.pragma("synchronous = FULL");
    reusePreparedStatements(sqlite);
    return sqlite;
  };
  // Waits for another connection's write lock on a timer, not asleep in SQLite (decision 058).
  const db = new Kysely<Database>({ dialect: lockWaitingSqliteDialect(database) });
  return {
    db,
    dialect: "sqlite",
    address: { url },
    async ping() {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

function openPostgres(url: string, options: OpenDatabaseOptions): DatabaseHandle {
  const connection = {
    connectionString: withDefaultPostgresUser(url),
    connectionTimeoutMillis: 5000,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  };
  const pool = async () => {
    const { default: pg } = await import("pg");
    const created = new pg.Pool({ ...connection, max: 10, idleTimeoutMillis: 30_000 });
    // A client losing its connection must not crash the process; the next query reports it.
    // The pool listens on idle clients only: a client checked out (between two statements of a
    // transaction, say) when the database goes away would emit an unhandled 'error' and end the
    // process, so every client gets a listener of its own.
    created.on("error", () => {});
    created.on("connect", (client) => {
      client.on("error", () => {});
    });
    return created;
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: "postgres",
    address: { url, ...(options.searchPath ? { searchPath: options.searchPath } : {}) },
    async ping() {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
    async connectDedicated(name) {
      const { default: pg } = await import("pg");
      // Named (with the schema), so an operator or a test can tell it from the pool's ones.
      const client = new pg.Client({
        ...connection,
        application_name: options.searchPath ? `${name}:${options.searchPath}` : name,
      });
      // Lost connections are reported to the caller's own listener; none may crash the process.
      client.on("error", () => {});
      await client.connect();
      return client;
    },
  };
}

/**
 * libpq falls back to the login name when a URL names no user; pg does not (and a `user`
 * option is overridden by the URL), so the name is written into the URL.
 */
export function withDefaultPostgresUser(url: string): string {
  const parsed = new URL(url);
  if (parsed.username) return url;
  parsed.username = process.env.PGUSER || process.env.USER || userInfo().username;
  return parsed.toString();
}

async function currentSchema(db: Kysely<Database>): Promise<string | undefined> {
  const result = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(
    db,
  );
  return result.rows[0]?.schema ?? undefined;
}

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

/**
 * Brings the schema up to date. Safe to run twice and from two instances at once:
 * PostgreSQL serialises migrators with an advisory lock, and every DDL statement
 * tolerates having run already (SQLite has no such lock, so a lost race is retried).
 */
export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one: another
  // schema's tables (a second site, a parallel test) would make it skip creating its own here.
  const migrationTableSchema =
    handle.dialect === "postgres" ? await currentSchema(handle.db) : undefined;
  const migrator = new Migrator({
    db: handle.db,
    provider,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const { error } = await migrator.migrateToLatest();
    if (!error) return;
    lastError = error;
    await new Promise((done) => setTimeout(done, 100 * (attempt + 1)));
  }
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}
