import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import type pg from "pg";
import { withDefaultPostgresUser } from "./database.js";
import { isSqliteBusy } from "./sqlite-dialect.js";

/**
 * Who is using a database, told by locks that die with their holder (a crashed server leaves no
 * stale lock behind):
 * - every running server holds a *shared* presence lock, so any number of instances and
 *   workers run side by side;
 * - `npm run restore` takes the *exclusive* lock, which it gets only while no server runs, and
 *   which keeps servers from starting until the restore is done.
 *
 * SQLite: a lock database next to the data (`site.db.lock`) opened in SQLite's exclusive locking
 * mode: a connection that has read it keeps its shared file lock until it closes, one that began
 * an EXCLUSIVE transaction keeps that; the operating system drops both when the process ends.
 * PostgreSQL: a session-level advisory lock on the database and schema, held on a connection of
 * its own (it ends with the connection).
 */
export class DatabaseInUseError extends Error {
  override name = "DatabaseInUseError";
}

export interface HeldLock {
  release(): Promise<void>;
}

const NO_LOCK: HeldLock = { release: async () => {} };
/** First key of the advisory lock (the second is the schema's hash). */
const ADVISORY_KEY = 0x51_7e;

export function sqliteLockPath(databaseFile: string): string {
  return `${resolve(databaseFile)}.lock`;
}

function sqliteFileOf(url: string): string | null {
  const path = url.slice("sqlite:".length);
  return path === ":memory:" ? null : path;
}

/** The lock file is held by another process (busy), or by another connection of this one. */
function isHeld(error: unknown): boolean {
  return isSqliteBusy(error) || (error as { code?: unknown } | null)?.code === "SQLITE_LOCKED";
}

function openLockFile(file: string): SQLite.Database {
  mkdirSync(dirname(resolve(file)), { recursive: true });
  const lock = new SQLite(sqliteLockPath(file), { timeout: 0 });
  lock.pragma("locking_mode = EXCLUSIVE");
  return lock;
}

async function postgresLockClient(url: string): Promise<pg.Client> {
  // Loaded here, not at the top: a server on SQLite never loads the PostgreSQL driver.
  const { default: pg } = await import("pg");
  const client = new pg.Client({
    connectionString: withDefaultPostgresUser(url),
    connectionTimeoutMillis: 5000,
  });
  client.on("error", () => {});
  await client.connect();
  return client;
}

const TRY_SHARED = `select pg_try_advisory_lock_shared(${ADVISORY_KEY}, hashtext(current_schema())) as ok`;
const TRY_EXCLUSIVE = `select pg_try_advisory_lock(${ADVISORY_KEY}, hashtext(current_schema())) as ok`;

/**
 * The running server's presence lock. Throws DatabaseInUseError while a restore holds the
 * database. On PostgreSQL a lost connection (the database restarted) is re-established.
 */
export async function holdServerPresence(url: string): Promise<HeldLock> {
  if (url.startsWith("sqlite:")) {
    const file = sqliteFileOf(url);
    if (!file) return NO_LOCK;
    const lock = openLockFile(file);
    try {
      lock.prepare("select count(*) from sqlite_master").get();
    } catch (error) {
      lock.close();
      if (isHeld(error))
        throw new DatabaseInUseError("a restore is running on this database; start again after it");
      throw error;
    }
    return {
      release: async () => {
        lock.close();
      },
    };
  }

  let client = await postgresLockClient(url);
  const { rows } = await client.query<{ ok: boolean }>(TRY_SHARED);
  if (!rows[0]?.ok) {
    await client.end();
    throw new DatabaseInUseError("a restore is running on this database; start again after it");
  }
  let released = false;
  let retry: NodeJS.Timeout | undefined;
  const reacquire = () => {
    if (released) return;
    retry = setTimeout(() => {
      postgresLockClient(url)
        .then(async (fresh) => {
          if (released) return fresh.end();
          await fresh.query(TRY_SHARED);
          client = fresh;
          fresh.once("end", reacquire);
        })
        .catch(reacquire);
    }, 2000);
    retry.unref();
  };
  client.once("end", reacquire);
  return {
    async release() {
      released = true;
      clearTimeout(retry);
      await client.end().catch(() => {});
    },
  };
}

/** The restore's exclusive lock; throws DatabaseInUseError while any server holds presence. */
export async function takeExclusiveLock(url: string): Promise<HeldLock> {
  const refusal = () =>
    new DatabaseInUseError(
      "a server is running on this database: stop every instance first, then restore",
    );
  if (url.startsWith("sqlite:")) {
    const file = sqliteFileOf(url);
    if (!file) return NO_LOCK;
    const lock = openLockFile(file);
    try {
      lock.exec("BEGIN EXCLUSIVE");
    } catch (error) {
      lock.close();
      if (isHeld(error)) throw refusal();
      throw error;
    }
    return {
      release: async () => {
        lock.exec("ROLLBACK");
        lock.close();
      },
    };
  }
  const client = await postgresLockClient(url);
  const { rows } = await client.query<{ ok: boolean }>(TRY_EXCLUSIVE);
  if (!rows[0]?.ok) {
    await client.end();
    throw refusal();
  }
  return { release: () => client.end() };
}
