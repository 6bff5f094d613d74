import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { backupDatabase, restoreDatabase } from "../db/backup.js";
import { migrateToLatest, openDatabase } from "../db/database.js";
import {
  backupTempDir,
  cleanupAfterEach,
  postgresBackupUnavailableReason,
  twoPostgresDatabases,
} from "../test-support/backup-databases.js";
import { processImage } from "./image-processing.js";
import { createMediaRepository } from "./media-repository.js";
import { drawnImage } from "./test-images.js";

/**
 * `npm run backup` and `npm run restore` carry the media library: images and every file's
 * bytes come back as they were (they live in the database, like everything else).
 */
const postgresBackupReason = await postgresBackupUnavailableReason();
const onCleanup = cleanupAfterEach();

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
    // The upload, and the site's own pictures (migration 013) after it.
    const listed = await restoredRepository.list();
    expect(listed[0]).toEqual(item);
    expect(listed.filter((entry) => entry.url.startsWith("/media/"))).toEqual([item]);
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
    const dir = backupTempDir("site-media-backup-", onCleanup);
    await roundTrip(
      `sqlite:${join(dir, "live", "site.db")}`,
      `sqlite:${join(dir, "fresh", "site.db")}`,
      join(dir, "site-backup.db"),
    );
  }, 60_000);

  it.skipIf(postgresBackupReason !== null)(
    "PostgreSQL: an image and its files survive pg_dump and pg_restore byte for byte",
    async () => {
      const [source, fresh] = await twoPostgresDatabases("site_media_", onCleanup);
      const dir = backupTempDir("site-media-backup-", onCleanup);
      await roundTrip(source, fresh, join(dir, "site.dump"));
    },
    60_000,
  );
});
