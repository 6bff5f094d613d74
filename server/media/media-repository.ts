import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import {
  MEDIA_URL_PREFIX,
  MEDIA_VARIANT_FORMATS,
  mediaVariantWidths,
  type MediaFormat,
  type MediaItem,
  type MediaVariant,
  type MediaVariantFormat,
} from "../../common/media.js";
import type { Database, MediaTable } from "../db/schema.js";
import { nowIso } from "../db/time.js";
import { mediaFileName, type ProcessedImage } from "./image-processing.js";
import { createSitePictures } from "./site-pictures.js";

export interface MediaFile {
  format: MediaFormat;
  data: Buffer;
}

export interface NewMedia {
  image: ProcessedImage;
  alt: string;
  decorative: boolean;
}

export interface MediaRepository {
  /**
   * Stores the image and all its files in one transaction. `created` is false when the same
   * image (the same stored bytes) is in the library already: that one is returned unchanged.
   */
  add(media: NewMedia): Promise<{ created: boolean; item: MediaItem }>;
  /** Newest first: uploads and the site's own pictures (site-pictures.ts) together. */
  list(): Promise<MediaItem[]>;
  get(id: string): Promise<MediaItem | undefined>;
  /** Removes the image and its files; false when there is no such image. */
  remove(id: string): Promise<boolean>;
  /** A file's bytes by its name, or undefined. */
  file(name: string): Promise<MediaFile | undefined>;
}

const VARIANT_FORMATS: readonly string[] = MEDIA_VARIANT_FORMATS;

function toItem(
  row: Selectable<MediaTable>,
  files: ReadonlyArray<{ name: string; format: string; width: number }>,
): MediaItem {
  const format = row.format as MediaFormat;
  const widths = new Set(mediaVariantWidths(row.width));
  const variants: MediaVariant[] = files
    .filter((file) => VARIANT_FORMATS.includes(file.format) && widths.has(Number(file.width)))
    .map((file) => ({
      url: `${MEDIA_URL_PREFIX}${file.name}`,
      width: Number(file.width),
      format: file.format as MediaVariantFormat,
    }))
    .sort(
      (a, b) =>
        a.width - b.width || VARIANT_FORMATS.indexOf(a.format) - VARIANT_FORMATS.indexOf(b.format),
    );
  return {
    id: row.id,
    url: `${MEDIA_URL_PREFIX}${mediaFileName(row.hash, row.width, format)}`,
    width: Number(row.width),
    height: Number(row.height),
    alt: row.alt,
    decorative: Number(row.decorative) === 1,
    variants,
    created_at: row.created_at,
  };
}

export function createMediaRepository(db: Kysely<Database>, clock: () => number): MediaRepository {
  const sitePictures = createSitePictures(db);
  /** The items of these rows, with their files' names (never their bytes). */
  async function withFiles(rows: Array<Selectable<MediaTable>>): Promise<MediaItem[]> {
    if (rows.length === 0) return [];
    const files = await db
      .selectFrom("media_files")
      .select(["media_id", "name", "format", "width"])
      .where(
        "media_id",
        "in",
        rows.map((row) => row.id),
      )
      .execute();
    const byMedia = new Map<string, typeof files>();
    for (const file of files) {
      const list = byMedia.get(file.media_id);
      if (list) list.push(file);
      else byMedia.set(file.media_id, [file]);
    }
    return rows.map((row) => toItem(row, byMedia.get(row.id) ?? []));
  }

  async function byHash(hash: string): Promise<MediaItem | undefined> {
    const row = await db
      .selectFrom("media")
      .selectAll()
      .where("hash", "=", hash)
      .executeTakeFirst();
    return row ? (await withFiles([row]))[0] : undefined;
  }

  return {
    async add({ image, alt, decorative }) {
      const row: Selectable<MediaTable> = {
        id: randomUUID(),
        hash: image.hash,
        format: image.format,
        width: image.width,
        height: image.height,
        alt,
        decorative: decorative ? 1 : 0,
        created_at: nowIso(clock),
      };
      const created = await db.transaction().execute(async (trx) => {
        // Two uploads of one image at once: the hash is unique, so exactly one row is written.
        const inserted = await trx
          .insertInto("media")
          .values(row)
          .onConflict((conflict) => conflict.column("hash").doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        for (const file of image.files) {
          await trx
            .insertInto("media_files")
            .values({
              name: file.name,
              media_id: row.id,
              format: file.format,
              width: file.width,
              height: file.height,
              bytes: file.data.length,
              data: file.data,
            })
            .execute();
        }
        return true;
      });
      if (created) {
        const files = image.files.map(({ name, format, width }) => ({ name, format, width }));
        return { created: true, item: toItem(row, files) };
      }
      const existing = await byHash(image.hash);
      if (!existing) throw new Error("media row vanished between insert and read");
      return { created: false, item: existing };
    },

    async list() {
      const rows = await db
        .selectFrom("media")
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute();
      const items = [...(await withFiles(rows)), ...(await sitePictures.list())];
      return items.sort((a, b) =>
        a.created_at === b.created_at
          ? a.id < b.id
            ? 1
            : -1
          : a.created_at < b.created_at
            ? 1
            : -1,
      );
    },

    async get(id) {
      const row = await db.selectFrom("media").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? (await withFiles([row]))[0] : sitePictures.get(id);
    },

    async remove(id) {
      if (await sitePictures.remove(id)) return true;
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom("media_files").where("media_id", "=", id).execute();
        const result = await trx.deleteFrom("media").where("id", "=", id).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },

    async file(name) {
      const row = await db
        .selectFrom("media_files")
        .select(["format", "data"])
        .where("name", "=", name)
        .executeTakeFirst();
      if (!row) return undefined;
      return { format: row.format as MediaFormat, data: row.data };
    },
  };
}
