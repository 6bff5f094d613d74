import { randomUUID } from "node:crypto";
import { nowIso } from "../db/time.js";
import {
  type ContentAuthor,
  type ContentCore,
  ContentChangeError,
  toEntry,
} from "./content-core.js";
import type { ContentRepository } from "./content-repository.js";

type ContentWrites = Pick<
  ContentRepository,
  | "create"
  | "saveDraft"
  | "publish"
  | "schedule"
  | "cancelSchedule"
  | "discardDraft"
  | "remove"
  | "restore"
  | "reorder"
>;

/**
 * What staff change: drafts and schedules (the entry only), publishing, restoring, deleting and
 * reordering (changes of the public content, one at a time across instances).
 */
export function createContentWrites(
  core: ContentCore,
  reads: Pick<ContentRepository, "get" | "list">,
): ContentWrites {
  const {
    db,
    clock,
    write,
    requireEntry,
    checkVersion,
    changePublic,
    publishRow,
    reload,
    changeEntry,
    listRows,
    assertList,
  } = core;
  return {
    create(collection, data) {
      return write(async (trx) => {
        const at = nowIso(clock);
        const id = randomUUID();
        // Insert first (takes SQLite's write lock), then move it after the current last entry.
        await trx
          .insertInto("content_entries")
          .values({
            id,
            collection,
            position: 0,
            data: null,
            draft: JSON.stringify(data),
            status: "draft",
            version: 1,
            publish_at: null,
            published_at: null,
            created_at: at,
            updated_at: at,
            deleted_at: null,
          })
          .execute();
        const last = await trx
          .selectFrom("content_entries")
          .select((eb) => eb.fn.max("position").as("last"))
          .where("collection", "=", collection)
          .where("id", "!=", id)
          .executeTakeFirst();
        const position =
          last?.last === null || last?.last === undefined ? 0 : Number(last.last) + 1;
        await trx.updateTable("content_entries").set({ position }).where("id", "=", id).execute();
        await assertList(trx, collection, "drafts");
        return reload(trx, id);
      });
    },

    saveDraft(collection, id, data, version) {
      return changeEntry(collection, id, version, { draft: JSON.stringify(data) });
    },

    async publish(collection, id, version, by) {
      const entryId = await changePublic(async (trx, at) => {
        const row = await requireEntry(trx, collection, id);
        checkVersion(row, version);
        const data = row.draft ?? (row.deleted_at !== null ? row.data : null);
        if (data === null) {
          throw new ContentChangeError(
            "no_draft",
            "There is no draft to publish: save a draft first",
            toEntry(row),
          );
        }
        await publishRow(trx, row, data, at, "publish", null, false, by ?? null);
        await assertList(trx, collection, "published");
        return row.id;
      });
      return reload(db, entryId);
    },

    schedule(collection, id, at, version, by?: ContentAuthor) {
      const scheduledBy = { scheduled_by: by?.id ?? null, scheduled_by_name: by?.name ?? null };
      return changeEntry(collection, id, version, { publish_at: at, ...scheduledBy }, true);
    },

    cancelSchedule(collection, id) {
      return changeEntry(collection, id, undefined, { publish_at: null });
    },

    discardDraft(collection, id, version) {
      return write(async (trx) => {
        // Only where something is published to go back to: a never-published entry is deleted.
        const result = await trx
          .updateTable("content_entries")
          .set((eb) => ({
            draft: null,
            publish_at: null,
            version: eb("version", "+", 1),
            updated_at: nowIso(clock),
          }))
          .where("id", "=", id)
          .where("collection", "=", collection)
          .where("version", "=", version)
          .where("draft", "is not", null)
          .where("data", "is not", null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) return reload(trx, id);
        const row = await requireEntry(trx, collection, id);
        checkVersion(row, version);
        throw new ContentChangeError(
          "no_draft",
          row.data === null
            ? "This entry was never published, so there is no published version to go back to: delete it instead"
            : "There is no draft to discard",
          toEntry(row),
        );
      });
    },

    async remove(collection, id) {
      const row = await reads.get(collection, id);
      if (!row) return false;
      if (row.status === "deleted") return true;
      // Always as a change of the public content: whether the entry is live is decided under
      // the lock (a never-published draft only costs the renderer one rebuild).
      await changePublic(async (trx, at) => {
        await trx
          .updateTable("content_entries")
          .set((eb) => ({
            deleted_at: at,
            publish_at: null,
            version: eb("version", "+", 1),
            updated_at: at,
          }))
          .where("id", "=", id)
          .where("deleted_at", "is", null)
          .execute();
      });
      return true;
    },

    async restore(collection, id, number, version, by) {
      await changePublic(async (trx, at) => {
        const row = await requireEntry(trx, collection, id);
        checkVersion(row, version);
        const revision = await trx
          .selectFrom("content_revisions")
          .select("data")
          .where("entry_id", "=", id)
          .where("revision", "=", number)
          .executeTakeFirst();
        if (!revision) throw new ContentChangeError("no_revision", "Revision not found");
        // The draft (and a schedule) stay: restoring never throws away unsaved work.
        await publishRow(trx, row, revision.data, at, "restore", number, true, by ?? null);
        await assertList(trx, collection, "published");
      });
      return reload(db, id);
    },

    async reorder(collection, ids) {
      await changePublic(async (trx, at) => {
        const rows = (await listRows(trx, collection)).filter((row) => row.deleted_at === null);
        const current = new Set(rows.map((row) => row.id));
        const given = new Set(ids);
        if (
          given.size !== ids.length ||
          given.size !== current.size ||
          ids.some((id) => !current.has(id))
        ) {
          throw new ContentChangeError(
            "list_changed",
            "The list changed since you opened it (an entry was added or removed). Nothing " +
              "was moved: reload the list and arrange it again.",
          );
        }
        for (const [position, id] of ids.entries()) {
          await trx
            .updateTable("content_entries")
            .set({ position, updated_at: at })
            .where("id", "=", id)
            .execute();
        }
      });
      return (await reads.list(collection)).filter((entry) => entry.status !== "deleted");
    },
  };
}
