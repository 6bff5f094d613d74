import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Migrator, type Migration } from "kysely/migration";
import pg from "pg";
import {
  migrateToLatest,
  openDatabase,
  withDefaultPostgresUser,
  type DatabaseHandle,
} from "../db/database.js";

export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? "postgres://127.0.0.1:5432/test";

/** Why PostgreSQL tests cannot run here, or null when the server answers. */
export async function postgresUnavailableReason(): Promise<string | null> {
  const client = new pg.Client({
    connectionString: withDefaultPostgresUser(TEST_POSTGRES_URL),
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    await client.query("select 1");
    return null;
  } catch (error) {
    return `PostgreSQL at ${TEST_POSTGRES_URL} is unreachable: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    await client.end().catch(() => {});
  }
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** A DATABASE_URL-style address for other processes (sqlite) or the schema name (postgres). */
  url: string;
  schema?: string;
  /** Opens another handle on the same database (a second instance). */
  openAnother(): DatabaseHandle;
  cleanup(): Promise<void>;
}

/** A migrated SQLite file in a fresh temporary directory, removed by cleanup(). */
export async function createSqliteTestDatabase(): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), "site-test-"));
  const url = `sqlite:${join(dir, "site.db")}`;
  const handle = openDatabase(url);
  await migrateToLatest(handle);
  const others: DatabaseHandle[] = [];
  return {
    handle,
    url,
    openAnother() {
      const other = openDatabase(url);
      others.push(other);
      return other;
    },
    async cleanup() {
      for (const other of others) await other.close().catch(() => {});
      await handle.close().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A migrated, private schema in the test PostgreSQL database, dropped by cleanup(). */
export async function createPostgresTestDatabase(): Promise<TestDatabase> {
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: withDefaultPostgresUser(TEST_POSTGRES_URL) });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = openDatabase(TEST_POSTGRES_URL, { searchPath: schema });
  await migrateToLatest(handle);
  const others: DatabaseHandle[] = [];
  return {
    handle,
    url: TEST_POSTGRES_URL,
    schema,
    openAnother() {
      const other = openDatabase(TEST_POSTGRES_URL, { searchPath: schema });
      others.push(other);
      return other;
    },
    async cleanup() {
      for (const other of others) await other.close().catch(() => {});
      await handle.close().catch(() => {});
      const client = new pg.Client({
        connectionString: withDefaultPostgresUser(TEST_POSTGRES_URL),
      });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

const postgresReason = await postgresUnavailableReason();
if (postgresReason) console.warn(`[skipped] PostgreSQL tests: ${postgresReason}`);

/** The dialects to run data-layer tests on; PostgreSQL is skipped (with the reason) when down. */
export const testDialects = [
  { name: "sqlite", create: createSqliteTestDatabase, skip: false, reason: "" },
  {
    name: "postgres",
    create: createPostgresTestDatabase,
    skip: postgresReason !== null,
    reason: postgresReason ?? "",
  },
] as const;

/**
 * Two handles on a database brought only as far as `migrations` (an older release's schema),
 * for tests of an upgrade: the dialect's fresh database is emptied (SQLite: another file beside
 * it; PostgreSQL: its schema dropped and made again) and migrated with those alone. Both handles
 * are closed, and the database dropped, by the returned `cleanup`.
 */
export async function databaseMigratedTo(
  dialect: (typeof testDialects)[number],
  migrations: Record<string, Migration>,
): Promise<{ first: DatabaseHandle; second: DatabaseHandle; cleanup(): Promise<void> }> {
  const database = await dialect.create();
  const url = database.url.startsWith("sqlite:")
    ? `${database.url.slice(0, -"site.db".length)}old.db`
    : database.url;
  const open = () => openDatabase(url, database.schema ? { searchPath: database.schema } : {});
  const first = open();
  if (database.schema) {
    await first.db.schema.dropSchema(database.schema).cascade().execute();
    await first.db.schema.createSchema(database.schema).execute();
  }
  const migrator = new Migrator({
    db: first.db,
    provider: { getMigrations: async () => migrations },
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  const second = open();
  return {
    first,
    second,
    async cleanup() {
      await first.close().catch(() => {});
      await second.close().catch(() => {});
      await database.cleanup();
    },
  };
}
