import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterEach } from "vitest";
import { withDefaultPostgresUser } from "../db/database.js";
import { postgresUnavailableReason, TEST_POSTGRES_URL } from "./test-database.js";

/*
 * What the backup and restore tests (server/db/backup.test.ts, server/media/media-backup.test.ts)
 * set up: places to copy between (a temporary folder, two whole PostgreSQL databases, since
 * pg_dump and pg_restore work on databases, not schemas) and their removal after each test.
 */

type Cleanup = () => Promise<void> | void;

/**
 * Runs the cleanups registered through the returned function after each test, the last one
 * first. Call it once, at the top of a test file.
 */
export function cleanupAfterEach(): (cleanup: Cleanup) => void {
  const cleanups: Cleanup[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return (cleanup) => {
    cleanups.push(cleanup);
  };
}

/** Why the PostgreSQL backups cannot be tested here (no server, or no pg_dump), or null. */
export async function postgresBackupUnavailableReason(): Promise<string | null> {
  const postgresReason = await postgresUnavailableReason();
  if (postgresReason !== null) return postgresReason;
  return new Promise((resolve) =>
    execFile("pg_dump", ["--version"], (error) =>
      resolve(error ? "pg_dump is not installed" : null),
    ),
  );
}

/** A fresh temporary folder, removed after the test. */
export function backupTempDir(prefix: string, onCleanup: (cleanup: Cleanup) => void): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The addresses of two new, empty PostgreSQL databases (source and copy), dropped after the test. */
export async function twoPostgresDatabases(
  prefix: string,
  onCleanup: (cleanup: Cleanup) => void,
): Promise<[source: string, copy: string]> {
  const admin = new pg.Client({ connectionString: withDefaultPostgresUser(TEST_POSTGRES_URL) });
  await admin.connect();
  const names = [0, 1].map(() => `${prefix}${randomBytes(4).toString("hex")}`);
  for (const name of names) await admin.query(`create database ${name}`);
  onCleanup(async () => {
    for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const [source, copy] = names.map((name) => {
    const url = new URL(withDefaultPostgresUser(TEST_POSTGRES_URL));
    url.pathname = `/${name}`;
    return url.toString();
  });
  return [source!, copy!];
}
