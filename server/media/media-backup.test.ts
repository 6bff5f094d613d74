import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { backupDatabase, restoreDatabase } from "../db/backup.js";
import { migrateToLatest, openDatabase, withDefaultPostgresUser } from "../db/database.js";
import { postgresUnavailableReason, TEST_POSTGRES_URL } from "../test-support/test-database.js";
import { processImage } from "./image-processing.js";
import { createMediaRepository } from "./media-repository.js";
import { drawnImage } from "./test-images.js";

/**
 * `npm run backup` and `npm run restore` carry the media library: images and every file's
 * bytes come back as they were (they live in the database, like everything else).
 */
const postgresReason = await postgresUnavailableReason();
const pgDumpReason = await new Promise<string | null>((resolve) =>
  execFile("pg_dump", ["--version"], (error) => resolve(error ? "pg_dump is not installed" : null)),
);

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function roundTrip(source: string, fresh: string, backupFile: string) {
  const handle = openDatabase(source);
  await migrateToLatest(handle);
  const repository = createMediaRepository(handle.db, Date.now);
  const image = await processImage(await drawnImage(700, 400, "jpeg"), "jpeg");
  const { item } = await repository.add({
    image,
    alt: "Kept through a restore",
    decorative: false,
  });
  await handle.close();

  await backupDatabase(source, backupFile);
  await restoreDatabase(fresh, backupFile);

  const restored = openDatabase(fresh);
  try {
    const restoredRepository = createMediaRepository(restored.db, Date.now);
    expect(await restoredRepository.list()).toEqual([item]);
    expect(image.files.length).toBeGreaterThan(4);
    for (const file of image.files) {
      const copy = await restoredRepository.file(file.name);
      expect(copy?.format, file.name).toBe(file.format);
      expect(Buffer.compare(copy!.data, file.data), file.name).toBe(0);
    }
  } finally {
    await restored.close();
  }
}

describe("media in backups", () => {
  it("SQLite: an image and its files survive backup and restore byte for byte", async () => {
    const dir = mkdtempSync(join(tmpdir(), "site-media-backup-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    await roundTrip(
      `sqlite:${join(dir, "live", "site.db")}`,
      `sqlite:${join(dir, "fresh", "site.db")}`,
      join(dir, "site-backup.db"),
    );
  }, 60_000);

  it.skipIf(postgresReason !== null || pgDumpReason !== null)(
    "PostgreSQL: an image and its files survive pg_dump and pg_restore byte for byte",
    async () => {
      const admin = new pg.Client({ connectionString: withDefaultPostgresUser(TEST_POSTGRES_URL) });
      await admin.connect();
      const names = [0, 1].map(() => `site_media_${randomBytes(4).toString("hex")}`);
      for (const name of names) await admin.query(`create database ${name}`);
      cleanups.push(async () => {
        for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      });
      const [source, fresh] = names.map((name) => {
        const url = new URL(withDefaultPostgresUser(TEST_POSTGRES_URL));
        url.pathname = `/${name}`;
        return url.toString();
      });
      const dir = mkdtempSync(join(tmpdir(), "site-media-backup-"));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      await roundTrip(source!, fresh!, join(dir, "site.dump"));
    },
    60_000,
  );
});
