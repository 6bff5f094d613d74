import type { ContentRevisionKind as RevisionKind } from "../../common/content-api.js";
import { type ContentCore, inListOrder, parseJson, toEntry } from "./content-core.js";
import type { ContentRepository } from "./content-repository.js";

/** A revision's publisher; null for one published before named accounts (decision 033). */
const publishedBy = (row: { published_by: string | null; published_by_name: string | null }) =>
  row.published_by !== null && row.published_by_name !== null
    ? { id: row.published_by, name: row.published_by_name }
    : null;

type ContentReads = Pick<
  ContentRepository,
  | "readVersion"
  | "list"
  | "get"
  | "revisions"
  | "revision"
  | "loadPublished"
  | "loadWithDrafts"
  | "loadForMediaUsage"
>;

/** What the store reads: entries and revisions for staff, snapshots for the pages. */
export function createContentReads({ db, listRows }: ContentCore): ContentReads {
  const reads: ContentReads = {
    async readVersion() {
      const row = await db
        .selectFrom("content_state")
        .select("version")
        .where("id", "=", 1)
        .executeTakeFirst();
      return Number(row?.version ?? 0);
    },

    async list(collection) {
      const rows = await listRows(db, collection);
      const live = rows.filter((row) => row.deleted_at === null);
      const deleted = rows
        .filter((row) => row.deleted_at !== null)
        .sort((a, b) => (a.deleted_at! < b.deleted_at! ? 1 : -1));
      return [...live, ...deleted].map(toEntry);
    },

    async get(collection, id) {
      const row = await db
        .selectFrom("content_entries")
        .selectAll()
        .where("id", "=", id)
        .where("collection", "=", collection)
        .executeTakeFirst();
      return row ? toEntry(row) : undefined;
    },

    async revisions(collection, id) {
      if (!(await reads.get(collection, id))) return undefined;
      const rows = await db
        .selectFrom("content_revisions")
        .selectAll()
        .where("entry_id", "=", id)
        .orderBy("revision", "desc")
        .execute();
      return rows.map((revision) => ({
        revision: Number(revision.revision),
        published_at: revision.published_at,
        data: parseJson(revision.data),
        kind: revision.kind as RevisionKind,
        restored_from: revision.restored_from === null ? null : Number(revision.restored_from),
        published_by: publishedBy(revision),
      }));
    },

    async revision(collection, id, number) {
      const row = await db
        .selectFrom("content_revisions")
        .innerJoin("content_entries", "content_entries.id", "content_revisions.entry_id")
        .selectAll("content_revisions")
        .where("content_revisions.entry_id", "=", id)
        .where("content_entries.collection", "=", collection)
        .where("content_revisions.revision", "=", number)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        revision: Number(row.revision),
        published_at: row.published_at,
        data: parseJson(row.data),
        kind: row.kind as RevisionKind,
        restored_from: row.restored_from === null ? null : Number(row.restored_from),
        published_by: publishedBy(row),
      };
    },

    async loadPublished() {
      // Version first: content read after it is at least as new, so a snapshot is never
      // labelled with a version newer than what it holds.
      const version = await reads.readVersion();
      const rows = await db
        .selectFrom("content_entries")
        .select(["id", "collection", "data"])
        .where("status", "=", "published")
        .where("deleted_at", "is", null)
        .orderBy("collection")
        .$call(inListOrder)
        .execute();
      return {
        version,
        rows: rows.map((row) => ({
          id: row.id,
          collection: row.collection,
          data: parseJson(row.data),
        })),
      };
    },

    async loadWithDrafts() {
      const rows = await db
        .selectFrom("content_entries")
        .select(["id", "collection", "data", "draft"])
        .where("deleted_at", "is", null)
        .orderBy("collection")
        .$call(inListOrder)
        .execute();
      return rows
        .filter((row) => row.draft !== null || row.data !== null)
        .map((row) => ({
          id: row.id,
          collection: row.collection,
          data: parseJson(row.draft ?? row.data),
          ...(row.draft !== null ? { fallback: parseJson(row.data) } : {}),
        }));
    },

    async loadForMediaUsage() {
      const rows = await db
        .selectFrom("content_entries")
        .select(["collection", "data", "draft", "publish_at"])
        .where("deleted_at", "is", null)
        .orderBy("collection")
        .$call(inListOrder)
        .execute();
      return rows.map((row) => ({
        collection: row.collection,
        data: parseJson(row.data),
        draft: parseJson(row.draft),
        publishAt: row.publish_at,
      }));
    },
  };
  return reads;
}
