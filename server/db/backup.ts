import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { withDefaultPostgresUser } from "./database.js";
import { takeExclusiveLock } from "./server-lock.js";

/**
 * `npm run backup [FILE]` and `npm run restore FILE` (docs/product.md section 10, durability).
 * - SQLite: SQLite's online backup API copies a consistent snapshot while the site runs and
 *   writes; restore checks the copy, then replaces the database file (and drops a stale WAL).
 * - PostgreSQL: `pg_dump` (custom format, the site's schema only) and `pg_restore`, when the
 *   PostgreSQL client tools are installed.
 * Restore holds the exclusive lock of server-lock.ts: it refuses while any server runs on the
 * database, and servers cannot start while it runs.
 * Both copy every table, so the media library (its files are rows of media_files) is included.
 */
export class BackupError extends Error {
  override name = "BackupError";
}

export interface BackupResult {
  file: string;
  bytes: number;
}

function timestamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
}

export function defaultBackupFile(url: string, now = new Date()): string {
  const extension = url.startsWith("sqlite:") ? "db" : "dump";
  return resolve("backups", `site-${timestamp(now)}.${extension}`);
}

function sqlitePath(url: string): string {
  const path = url.slice("sqlite:".length);
  if (path === ":memory:") throw new BackupError("an in-memory database cannot be backed up");
  return resolve(path);
}

/** The PostgreSQL tool's path, or a BackupError saying how to get it. */
function postgresTool(name: "pg_dump" | "pg_restore"): string {
  const probe = spawnSync(name, ["--version"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0) {
    throw new BackupError(
      `${name} was not found: install the PostgreSQL client tools (Debian: apt-get install ` +
        `postgresql-client) in the version of your server or newer, then run this again`,
    );
  }
  return name;
}

async function currentSchema(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: withDefaultPostgresUser(url) });
  await client.connect();
  try {
    const { rows } = await client.query<{ schema: string }>("select current_schema() as schema");
    const schema = rows[0]?.schema;
    if (!schema) throw new BackupError("the database has no current schema");
    return schema;
  } finally {
    await client.end();
  }
}

function run(tool: string, args: string[]): void {
  const result = spawnSync(tool, args, { encoding: "utf8" });
  if (result.status !== 0) {
    throw new BackupError(`${tool} failed: ${(result.stderr || result.stdout || "").trim()}`);
  }
}

export async function backupDatabase(url: string, file?: string): Promise<BackupResult> {
  const target = resolve(file ?? defaultBackupFile(url));
  if (existsSync(target)) throw new BackupError(`${target} exists already; choose another name`);
  mkdirSync(dirname(target), { recursive: true });

  if (url.startsWith("sqlite:")) {
    const source = sqlitePath(url);
    if (!existsSync(source)) throw new BackupError(`no database at ${source}`);
    const database = new SQLite(source, { fileMustExist: true, timeout: 5000 });
    try {
      await database.backup(target);
    } finally {
      database.close();
    }
  } else {
    const tool = postgresTool("pg_dump");
    const schema = await currentSchema(url);
    run(tool, [
      "--format=custom",
      "--no-owner",
      "--no-privileges",
      `--schema=${schema}`,
      `--file=${target}`,
      `--dbname=${withDefaultPostgresUser(url)}`,
    ]);
  }
  return { file: target, bytes: statSync(target).size };
}

/** Checks that `file` is a whole SQLite database of this site. */
function checkSqliteCopy(file: string): void {
  let copy: SQLite.Database;
  try {
    copy = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${file} is not a SQLite database: ${(error as Error).message}`);
  }
  try {
    const integrity = copy.pragma("integrity_check", { simple: true });
    if (integrity !== "ok") throw new BackupError(`${file} is damaged: ${String(integrity)}`);
    const tables = copy
      .prepare("select name from sqlite_master where type = 'table' and name = 'contact_messages'")
      .all();
    if (tables.length === 0) throw new BackupError(`${file} is not a backup of this site`);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a SQLite database: ${(error as Error).message}`);
  } finally {
    copy.close();
  }
}

export async function restoreDatabase(url: string, file: string): Promise<void> {
  const source = resolve(file);
  if (!existsSync(source)) throw new BackupError(`no backup at ${source}`);
  if (url.startsWith("sqlite:")) checkSqliteCopy(source);
  const tool = url.startsWith("sqlite:") ? null : postgresTool("pg_restore");

  const lock = await takeExclusiveLock(url);
  try {
    if (!tool) {
      const target = sqlitePath(url);
      mkdirSync(dirname(target), { recursive: true });
      const staged = `${target}.restoring`;
      copyFileSync(source, staged);
      // No server has the database open (the lock says so): a WAL left by the last one
      // belongs to the old data and must not be replayed onto the restored file.
      rmSync(`${target}-wal`, { force: true });
      rmSync(`${target}-shm`, { force: true });
      renameSync(staged, target);
    } else {
      run(tool, [
        "--clean",
        "--if-exists",
        "--no-owner",
        "--no-privileges",
        "--single-transaction",
        `--dbname=${withDefaultPostgresUser(url)}`,
        source,
      ]);
    }
  } finally {
    await lock.release();
  }
}
