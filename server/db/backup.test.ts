import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  backupTempDir,
  cleanupAfterEach,
  postgresBackupUnavailableReason,
  twoPostgresDatabases,
} from "../test-support/backup-databases.js";
import { freePort } from "../test-support/free-port.js";
import {
  postContact,
  startServerProcess,
  waitUntilReady,
  type ServerProcess,
} from "../test-support/server-process.js";
import { openDatabase } from "./database.js";
import { takeExclusiveLock } from "./server-lock.js";

const root = new URL("../..", import.meta.url).pathname;
const postgresBackupReason = await postgresBackupUnavailableReason();
const onCleanup = cleanupAfterEach();

function tempDir(): string {
  return backupTempDir("site-backup-", onCleanup);
}

/** Runs `npm run backup|restore` (its TypeScript entry) with DATABASE_URL; never throws. */
function databaseCopy(command: "backup" | "restore", databaseUrl: string, file?: string) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "server/db/backup-cli.ts", command, ...(file ? [file] : [])],
      { cwd: root, env: { PATH: process.env.PATH ?? "", DATABASE_URL: databaseUrl } },
      (error, stdout, stderr) =>
        resolve({
          code: error ? Number((error as { code?: unknown }).code ?? 1) : 0,
          output: `${stdout}${stderr}`,
        }),
    );
  });
}

function start(databaseUrl: string, port: number): ServerProcess {
  const server = startServerProcess({
    port,
    env: {
      DATABASE_URL: databaseUrl,
      CONTACT_RATE_LIMIT: "0",
      ADMIN_EMAIL: "owner@example.org",
      ADMIN_PASSWORD: "a backup-test admin password",
    },
  });
  onCleanup(() => {
    server.child.kill("SIGKILL");
  });
  return server;
}

async function storedIds(databaseUrl: string): Promise<Set<string>> {
  const handle = openDatabase(databaseUrl);
  try {
    const rows = await handle.db.selectFrom("contact_messages").select("id").execute();
    return new Set(rows.map((row) => row.id));
  } finally {
    await handle.close();
  }
}

/** The staff-managed content (migration 004): its rows, revisions and version. */
async function storedContent(databaseUrl: string) {
  const handle = openDatabase(databaseUrl);
  try {
    const entries = await handle.db
      .selectFrom("content_entries")
      .select(["id", "data", "version", "scheduled_by", "scheduled_by_name"])
      .orderBy("id")
      .execute();
    const revisions = await handle.db
      .selectFrom("content_revisions")
      // Who published each (migration 012) travels with it.
      .select(["entry_id", "revision", "published_by", "published_by_name"])
      .orderBy("entry_id")
      .orderBy("revision")
      .execute();
    const state = await handle.db.selectFrom("content_state").select("version").execute();
    return { entries, revisions, state };
  } finally {
    await handle.close();
  }
}

/** The staff accounts and the audit log (decision 028): both travel with a backup. */
async function storedAccounts(databaseUrl: string) {
  const handle = openDatabase(databaseUrl);
  try {
    const accounts = await handle.db
      .selectFrom("staff_accounts")
      .select(["id", "email", "role", "password_hash", "state"])
      .orderBy("id")
      .execute();
    const audit = await handle.db
      .selectFrom("audit_log")
      .select(["id", "action", "actor", "at"])
      .orderBy("id")
      .execute();
    // Sessions too, with what Your account shows of them (device, address, last seen).
    const sessions = await handle.db
      .selectFrom("admin_sessions")
      .select([
        "id_hash",
        "account_id",
        "created_at",
        "last_seen_at",
        "client_address",
        "user_agent",
      ])
      .orderBy("id_hash")
      .execute();
    // Second factors (decision 032): without them a restored owner could not sign in.
    const totp = await handle.db.selectFrom("staff_totp").selectAll().execute();
    const recoveryCodes = await handle.db
      .selectFrom("staff_recovery_codes")
      .selectAll()
      .orderBy("code_hash")
      .execute();
    const passkeys = await handle.db.selectFrom("staff_passkeys").selectAll().execute();
    return { accounts, audit, sessions, totp, recoveryCodes, passkeys };
  } finally {
    await handle.close();
  }
}

/** A TOTP, a recovery code and a passkey of the owner, written beside the running server. */
async function seedFactors(databaseUrl: string) {
  const handle = openDatabase(databaseUrl);
  try {
    const owner = await handle.db
      .selectFrom("staff_accounts")
      .select("id")
      .executeTakeFirstOrThrow();
    const at = "2026-01-01T00:00:00.000Z";
    await handle.db
      .insertInto("staff_totp")
      .values({
        account_id: owner.id,
        secret: "JBSWY3DPEHPK3PXP",
        confirmed_at: at,
        last_step: 42,
        created_at: at,
      })
      .execute();
    await handle.db
      .insertInto("staff_recovery_codes")
      .values({ code_hash: "a".repeat(64), account_id: owner.id, created_at: at, used_at: null })
      .execute();
    await handle.db
      .insertInto("staff_passkeys")
      .values({
        id: "credential-id",
        account_id: owner.id,
        name: "Laptop",
        public_key: "cHVibGljLWtleQ",
        counter: 3,
        transports: '["internal"]',
        created_at: at,
        last_used_at: null,
      })
      .execute();
  } finally {
    await handle.close();
  }
}

/**
 * Backs up while a running server takes a burst of contact posts, then checks the refusals and
 * restores into a fresh database: every message acknowledged before the backup began is there.
 */
async function backupDuringBurst(source: string, fresh: string, backupFile: string) {
  const server = start(source, await freePort());
  await waitUntilReady(server);
  // A sign-in, so the audit log has an entry to carry.
  const signIn = await fetch(`${server.origin}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.origin },
    body: JSON.stringify({ email: "owner@example.org", password: "a backup-test admin password" }),
  });
  expect(signIn.status).toBe(204);
  await seedFactors(source);

  // Four visitors post until the backup is done (at most 3,000 posts), then 20 more each.
  const acknowledged: string[] = [];
  let next = 0;
  let backupDone = false;
  let posts = 0;
  const lane = async () => {
    for (let after = 0; after < 20 && next < 3000; after += backupDone ? 1 : 0) {
      posts += 1;
      const result = await postContact(server, next++);
      if (result.id) acknowledged.push(result.id);
    }
  };
  const burst = Promise.all([lane(), lane(), lane(), lane()]);
  for (let i = 0; i < 400 && acknowledged.length < 40; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const beforeBackup = [...acknowledged];
  const backup = await databaseCopy("backup", source, backupFile);
  backupDone = true;
  const duringBackup = acknowledged.length - beforeBackup.length;
  await burst;
  expect(backup.output).toContain("Backup written");
  expect(backup.code).toBe(0);
  expect(acknowledged).toHaveLength(posts);
  const TOTAL = posts;

  // A second backup to the same file is refused rather than overwriting it.
  const again = await databaseCopy("backup", source, backupFile);
  expect(again.code).toBe(1);
  expect(again.output).toContain("exists already");

  // Restore refuses while the server runs on that database, and changes nothing.
  const refused = await databaseCopy("restore", source, backupFile);
  expect(refused.code).toBe(1);
  expect(refused.output).toContain("a server is running on this database");
  expect((await storedIds(source)).size).toBe(TOTAL);

  const restored = await databaseCopy("restore", fresh, backupFile);
  expect(restored.output).toContain("Restored");
  expect(restored.code).toBe(0);
  const ids = await storedIds(fresh);
  const missing = beforeBackup.filter((id) => !ids.has(id));
  console.info(
    `[backup] ${source.split(":")[0]}: acknowledged before the backup ${beforeBackup.length}, ` +
      `during it ${duringBackup}, rows in the restored copy ${ids.size}, missing ${missing.length}`,
  );
  expect(missing).toEqual([]);
  // Everything in the copy was acknowledged (or in flight): nothing invented, nothing torn.
  expect(ids.size).toBeGreaterThanOrEqual(beforeBackup.length);
  expect(ids.size).toBeLessThanOrEqual(TOTAL);

  // The content tables come along (the seeded entries, each with its first revision).
  const content = await storedContent(fresh);
  expect(content.entries.length).toBeGreaterThan(0);
  expect(content.revisions).toHaveLength(content.entries.length);
  expect(content).toEqual(await storedContent(source));
  // So do the accounts (the owner, with its password hash) and the audit log.
  const accounts = await storedAccounts(fresh);
  expect(accounts.accounts.map((account) => account.email)).toEqual(["owner@example.org"]);
  expect(accounts.audit.map((entry) => entry.action)).toEqual(["sign-in"]);
  expect(accounts.sessions).toHaveLength(1);
  expect(accounts.sessions[0]!.client_address).toMatch(/127\.0\.0\.1|::1/);
  expect([accounts.totp.length, accounts.recoveryCodes.length, accounts.passkeys.length]).toEqual([
    1, 1, 1,
  ]);
  expect(accounts).toEqual(await storedAccounts(source));

  // A server starts on the restored database and serves it.
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
  const revived = start(fresh, await freePort());
  await waitUntilReady(revived);
  revived.child.kill("SIGTERM");
  expect(await revived.exited).toBe(0);
}

describe("npm run backup and npm run restore", () => {
  it("SQLite: a consistent online copy during a burst of writes, restored into a fresh database", async () => {
    const dir = tempDir();
    await backupDuringBurst(
      `sqlite:${join(dir, "live", "site.db")}`,
      `sqlite:${join(dir, "fresh", "site.db")}`,
      join(dir, "backups", "site.db"),
    );
  }, 120_000);

  it.skipIf(postgresBackupReason !== null)(
    "PostgreSQL: pg_dump during a burst of writes, pg_restore into a fresh database",
    async () => {
      const [source, fresh] = await twoPostgresDatabases("site_backup_", onCleanup);
      await backupDuringBurst(source, fresh, join(tempDir(), "site.dump"));
    },
    120_000,
  );

  it("a server does not start while a restore holds the database; bad files are refused", async () => {
    const dir = tempDir();
    const url = `sqlite:${join(dir, "site.db")}`;
    const lock = await takeExclusiveLock(url);
    const blocked = start(url, await freePort());
    expect(await blocked.exited).toBe(1);
    expect(blocked.output()).toContain("a restore is running on this database");
    await lock.release();

    const notABackup = join(dir, "notes.txt");
    writeFileSync(notABackup, "not a database");
    const refused = await databaseCopy("restore", url, notABackup);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("is not a SQLite database");
    const missing = await databaseCopy("restore", url, join(dir, "absent.db"));
    expect(missing.code).toBe(1);
    expect(missing.output).toContain("no backup at");
    const usage = await databaseCopy("restore", url);
    expect(usage.code).toBe(2);
  }, 60_000);
});
