import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { SiteUpdate, UpdateStatus, UpdateType } from "../../common/updates.js";
import type { CreateUpdateInput, PatchUpdateInput } from "../../common/updates-schemas.js";
import type { Database, SiteUpdatesTable } from "../db/schema.js";
import { nowIso } from "../db/time.js";

function toSiteUpdate(row: Selectable<SiteUpdatesTable>): SiteUpdate {
  return {
    id: row.id,
    type: row.type as UpdateType,
    title: row.title,
    summary: row.summary,
    url: row.url,
    image_url: row.image_url,
    status: row.status as UpdateStatus,
    featured: Number(row.featured) === 1,
    published_at: row.published_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export interface UpdatesRepository {
  /** Published and featured only, newest published_at first. */
  listFeatured(limit: number): Promise<SiteUpdate[]>;
  /** Every update, newest created first. */
  listAll(): Promise<SiteUpdate[]>;
  /** Published only, featured or not, newest published_at first (/updates and its feed). */
  listPublished(): Promise<SiteUpdate[]>;
  create(input: CreateUpdateInput): Promise<SiteUpdate>;
  /** Changes only the given fields; undefined when no such update. */
  patch(id: string, patch: PatchUpdateInput): Promise<SiteUpdate | undefined>;
  /** False when no such update. */
  remove(id: string): Promise<boolean>;
}

export function createUpdatesRepository(
  db: Kysely<Database>,
  clock: () => number,
): UpdatesRepository {
  return {
    async listFeatured(limit) {
      const rows = await db
        .selectFrom("site_updates")
        .selectAll()
        .where("status", "=", "published")
        .where("featured", "=", 1)
        .orderBy("published_at", "desc")
        .orderBy("created_at", "desc")
        .limit(limit)
        .execute();
      return rows.map(toSiteUpdate);
    },

    async listPublished() {
      const rows = await db
        .selectFrom("site_updates")
        .selectAll()
        .where("status", "=", "published")
        .orderBy("published_at", "desc")
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute();
      return rows.map(toSiteUpdate);
    },

    async listAll() {
      const rows = await db
        .selectFrom("site_updates")
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute();
      return rows.map(toSiteUpdate);
    },

    async create(input) {
      const at = nowIso(clock);
      const row: Selectable<SiteUpdatesTable> = {
        id: randomUUID(),
        type: input.type,
        title: input.title,
        summary: input.summary,
        url: input.url,
        image_url: input.image_url,
        status: input.status,
        featured: input.featured ? 1 : 0,
        published_at: input.published_at,
        created_at: at,
        updated_at: at,
      };
      await db.insertInto("site_updates").values(row).execute();
      return toSiteUpdate(row);
    },

    async patch(id, patch) {
      const { featured, ...rest } = patch;
      const changes = {
        ...rest,
        ...(featured === undefined ? {} : { featured: featured ? 1 : 0 }),
        updated_at: nowIso(clock),
      };
      const result = await db
        .updateTable("site_updates")
        .set(changes)
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      const row = await db
        .selectFrom("site_updates")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      return row ? toSiteUpdate(row) : undefined;
    },

    async remove(id) {
      const result = await db.deleteFrom("site_updates").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
