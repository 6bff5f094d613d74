import type { Kysely, Selectable } from "kysely";
import {
  MEDIA_VARIANT_FORMATS,
  type MediaItem,
  type MediaVariant,
  type MediaVariantFormat,
} from "../../common/media.js";
import type { Database, MediaSitePicturesTable } from "../db/schema.js";

/*
 * The site's own pictures in the media library (migration 013, decision 034): files of the build
 * in public/, listed as media items so staff see and pick them beside their uploads. Their
 * files are never in the database, so removing one from the library only drops its row.
 */

const FORMATS: readonly string[] = MEDIA_VARIANT_FORMATS;

function variantsOf(json: string): MediaVariant[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (file): file is MediaVariant =>
        typeof file === "object" &&
        file !== null &&
        typeof (file as MediaVariant).url === "string" &&
        Number.isInteger((file as MediaVariant).width) &&
        FORMATS.includes((file as MediaVariant).format),
    )
    .map((file) => ({
      url: file.url,
      width: file.width,
      format: file.format as MediaVariantFormat,
    }));
}

function toItem(row: Selectable<MediaSitePicturesTable>): MediaItem {
  return {
    id: row.id,
    url: row.url,
    width: Number(row.width),
    height: Number(row.height),
    alt: row.alt,
    decorative: Number(row.decorative) === 1,
    variants: variantsOf(row.variants),
    created_at: row.created_at,
  };
}

export interface SitePictures {
  list(): Promise<MediaItem[]>;
  get(id: string): Promise<MediaItem | undefined>;
  remove(id: string): Promise<boolean>;
}

export function createSitePictures(db: Kysely<Database>): SitePictures {
  return {
    async list() {
      const rows = await db.selectFrom("media_site_pictures").selectAll().execute();
      return rows.map(toItem);
    },
    async get(id) {
      const row = await db
        .selectFrom("media_site_pictures")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      return row ? toItem(row) : undefined;
    },
    async remove(id) {
      const result = await db
        .deleteFrom("media_site_pictures")
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
