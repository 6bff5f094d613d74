import { nowIso } from "../db/time.js";
import { type ContentCore, ContentChangeError, NOTHING_TO_DO } from "./content-core.js";

/**
 * The scheduled-publish pass (content-scheduler.ts runs it every few seconds on every
 * instance): publishes every scheduled draft whose time has come, each in its own transaction;
 * returns how many went live.
 */
export function createScheduledPass(core: ContentCore): () => Promise<number> {
  const { db, dialect, clock, options, write, changePublic, publishRow, assertList } = core;
  return async function publishDue() {
    const now = nowIso(clock);
    // A cheap look first: most seconds nothing is due, and then no lock is taken.
    const due = await db
      .selectFrom("content_entries")
      .select(["id", "collection"])
      .where("publish_at", "is not", null)
      .where("publish_at", "<=", now)
      .orderBy("publish_at")
      .execute();
    let published = 0;
    // One transaction per entry: one that breaks a list rule never holds the others back.
    for (const { id, collection } of due) {
      try {
        await changePublic(async (trx, at) => {
          // Read again under the lock: another instance may have published it meanwhile.
          // Locked on PostgreSQL: a draft saved meanwhile waits, then finds its version stale.
          const row = await trx
            .selectFrom("content_entries")
            .selectAll()
            .where("id", "=", id)
            .where("publish_at", "is not", null)
            .where("publish_at", "<=", now)
            .$if(dialect === "postgres", (query) => query.forUpdate())
            .executeTakeFirst();
          const data = row ? (row.draft ?? (row.deleted_at !== null ? row.data : null)) : null;
          if (!row || data === null) throw NOTHING_TO_DO;
          // Named after who scheduled it (null for a schedule set before named accounts).
          const by =
            row.scheduled_by && row.scheduled_by_name
              ? { id: row.scheduled_by, name: row.scheduled_by_name }
              : null;
          await publishRow(trx, row, data, at, "scheduled", null, false, by);
          await assertList(trx, collection, "published");
        });
        published += 1;
      } catch (error) {
        if (error instanceof ContentChangeError) {
          // It would break a rule across the list: the schedule ends, the draft stays.
          options.log?.warn(
            { collection, id, problem: error.message },
            "content: scheduled publish refused",
          );
          await write((trx) =>
            trx
              .updateTable("content_entries")
              .set((eb) => ({ publish_at: null, version: eb("version", "+", 1) }))
              .where("id", "=", id)
              .execute(),
          );
        } else if (error !== NOTHING_TO_DO) {
          throw error;
        } else {
          // Published by another instance, or nothing left to publish: the schedule ends.
          await write((trx) =>
            trx
              .updateTable("content_entries")
              .set({ publish_at: null })
              .where("id", "=", id)
              .where("publish_at", "<=", now)
              .execute(),
          );
        }
      }
    }
    return published;
  };
}
