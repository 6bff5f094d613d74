import { createHash, randomUUID } from "node:crypto";
import {
  type Kysely,
  type Selectable,
  type SelectQueryBuilder,
  type Transaction,
  sql,
} from "kysely";
import type {
  ContentEntry,
  ContentRevision,
  ContentRevisionKind as RevisionKind,
} from "../../common/content-api.js";
import type { CollectionDefinition, CollectionName } from "../../common/content/collections.js";
import type { Dialect } from "../db/database.js";
import type { ContentEntriesTable, Database } from "../db/schema.js";
import { nowIso } from "../db/time.js";

/** The PostgreSQL channel every instance listens on; the payload is `schema:version`. */
export const CONTENT_CHANNEL = "site_content";

/** One published or previewed entry, in the order of its collection. */
export interface SnapshotRow {
  /** The entry's id. */
  id: string;
  collection: string;
  data: unknown;
}

/** An entry as the media usage check reads it (content-media-usage.ts). */
export interface MediaUsageRow {
  collection: string;
  /** The published data; null until first published. */
  data: unknown;
  /** The draft's data; null without a draft. */
  draft: unknown;
  /** When the draft goes live by itself; null when it is not scheduled. */
  publishAt: string | null;
}

/** Why a change was refused; the routes turn it into 404 or 409. */
export class ContentChangeError extends Error {
  constructor(
    readonly reason:
      "not_found" | "stale" | "no_draft" | "list_changed" | "no_revision" | "list_problem",
    message: string,
    /** The entry as it stands (409), so staff can compare before trying again. */
    readonly current?: ContentEntry,
  ) {
    super(message);
    this.name = "ContentChangeError";
  }
}

export interface ContentRepository {
  /** The version of the public content (increments with every change of it). */
  readVersion(): Promise<number>;
  /** A collection's entries: live and draft ones in their order, then deleted ones. */
  list(collection: CollectionName): Promise<ContentEntry[]>;
  get(collection: CollectionName, id: string): Promise<ContentEntry | undefined>;
  /** A new list entry: a draft at the end of the list, not on the public site. */
  create(collection: CollectionName, data: unknown): Promise<ContentEntry>;
  /** Saves the draft when `version` is the entry's current one. */
  saveDraft(
    collection: CollectionName,
    id: string,
    data: unknown,
    version: number,
  ): Promise<ContentEntry>;
  /** Publishes the draft now (or a deleted entry's last data again). */
  publish(collection: CollectionName, id: string, version?: number): Promise<ContentEntry>;
  /** Sets (or moves) the time the draft goes live by itself. */
  schedule(
    collection: CollectionName,
    id: string,
    at: string,
    version?: number,
  ): Promise<ContentEntry>;
  cancelSchedule(collection: CollectionName, id: string): Promise<ContentEntry>;
  /** Drops the draft (and its schedule): the entry is its published version again. */
  discardDraft(collection: CollectionName, id: string, version: number): Promise<ContentEntry>;
  /** Takes a list entry off the public site; false when there is no such entry. */
  remove(collection: CollectionName, id: string): Promise<boolean>;
  /** Newest first; undefined when there is no such entry. */
  revisions(collection: CollectionName, id: string): Promise<ContentRevision[] | undefined>;
  revision(
    collection: CollectionName,
    id: string,
    revision: number,
  ): Promise<ContentRevision | undefined>;
  /** Publishes a revision's data again, as a new revision. */
  restore(
    collection: CollectionName,
    id: string,
    revision: number,
    version?: number,
  ): Promise<ContentEntry>;
  /** Puts the list's entries (every one not deleted, each once) in the given order, live at once. */
  reorder(collection: CollectionName, ids: readonly string[]): Promise<ContentEntry[]>;
  /** Publishes every scheduled draft whose time has come; how many went live. */
  publishDue(): Promise<number>;
  /** The public content: version first, then every live entry in order. */
  loadPublished(): Promise<{ version: number; rows: SnapshotRow[] }>;
  /** Every entry not deleted, its draft over its published data (staff preview). */
  loadWithDrafts(): Promise<SnapshotRow[]>;
  /**
   * Every entry not deleted with its published data and its draft (a scheduled draft too), in
   * order: what the media library asks about before it deletes an image.
   */
  loadForMediaUsage(): Promise<MediaUsageRow[]>;
  /** Writes each collection's seed once (collections with no entry at all); how many entries. */
  seed(collections: readonly CollectionDefinition[]): Promise<number>;
}

type Row = Selectable<ContentEntriesTable>;
type Executor = Kysely<Database> | Transaction<Database>;

/** A list's public order: its position, then (for equal positions) the older entry, then id. */
function inListOrder<O>(
  query: SelectQueryBuilder<Database, "content_entries", O>,
): SelectQueryBuilder<Database, "content_entries", O> {
  return query.orderBy("position").orderBy("created_at").orderBy("id");
}

const NOTHING_TO_DO = Symbol("nothing to do");

/**
 * better-sqlite3 waits for another connection's write lock synchronously, blocking the thread
 * that would release it; so in one process (tests open several handles on one file) write
 * transactions take turns here. Processes (WEB_CONCURRENCY) wait on SQLite's own lock.
 */
let sqliteWriteTurn: Promise<unknown> = Promise.resolve();
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const result = sqliteWriteTurn.then(work, work);
  sqliteWriteTurn = result.catch(() => {});
  return result;
}

function parseJson(text: string | null): unknown {
  return text === null ? null : (JSON.parse(text) as unknown);
}

function toEntry(row: Row): ContentEntry {
  return {
    id: row.id,
    collection: row.collection as CollectionName,
    position: Number(row.position),
    data: parseJson(row.data),
    status: row.deleted_at !== null ? "deleted" : (row.status as "draft" | "published"),
    version: Number(row.version),
    publish_at: row.publish_at,
    draft: row.draft === null ? null : { data: parseJson(row.draft) },
    published_at: row.published_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * A seeded entry's id is derived from its collection and place in the seed, so two instances
 * seeding at once write the same rows (and the second one's inserts do nothing).
 */
export function seedEntryId(collection: string, index: number): string {
  const hex = createHash("sha256").update(`content-seed:${collection}:${index}`).digest("hex");
  // Shaped as a UUID of version 8 (custom), variant 10xx.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function createContentRepository(options: {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: () => number;
  /** Called after every committed change of the public content, with its new version. */
  onPublicChange?: (version: number) => void;
  /**
   * Rules across a list's entries (common/content/registry.ts `listProblems`): a message per
   * problem with the list as it would be; a change that leaves any is refused.
   */
  listProblems?: (collection: CollectionName, items: readonly unknown[]) => string[];
  log?: { warn(details: object, message: string): void };
}): ContentRepository {
  const { db, dialect, clock } = options;

  /** A write transaction (on SQLite, in this process's turn). */
  function write<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    const run = () => db.transaction().execute(work);
    return dialect === "sqlite" ? inTurn(run) : run();
  }

  function selectEntry(executor: Executor, collection: string, id: string) {
    return executor
      .selectFrom("content_entries")
      .selectAll()
      .where("id", "=", id)
      .where("collection", "=", collection)
      .$if(dialect === "postgres", (query) => query.forUpdate())
      .executeTakeFirst();
  }

  async function requireEntry(executor: Executor, collection: string, id: string): Promise<Row> {
    const row = await selectEntry(executor, collection, id);
    if (!row) throw new ContentChangeError("not_found", "Entry not found");
    return row;
  }

  function checkVersion(row: Row, version: number | undefined): void {
    if (version !== undefined && version !== Number(row.version)) {
      throw new ContentChangeError(
        "stale",
        "Someone else changed this entry since you opened it. Nothing was saved: compare with " +
          "the current version (in this answer), then save again.",
        toEntry(row),
      );
    }
  }

  /**
   * Runs `work` in a transaction that first increments the public content's version: that write
   * takes SQLite's write lock, and on PostgreSQL the row lock, for the whole transaction, so
   * changes of the public content run one at a time across instances (revision numbers, due
   * rows and list order are read after the lock). On PostgreSQL every instance is told at
   * commit (NOTIFY is delivered only if the transaction commits).
   */
  async function changePublic<T>(
    work: (trx: Transaction<Database>, at: string) => Promise<T>,
  ): Promise<T> {
    const { result, version } = await write(async (trx) => {
      const state = await trx
        .updateTable("content_state")
        .set((eb) => ({ version: eb("version", "+", 1) }))
        .where("id", "=", 1)
        .returning("version")
        .executeTakeFirstOrThrow();
      const version = Number(state.version);
      const result = await work(trx, nowIso(clock));
      if (dialect === "postgres") {
        await sql`select pg_notify(${CONTENT_CHANNEL}, current_schema() || ':' || ${String(version)})`.execute(
          trx,
        );
      }
      return { result, version };
    });
    options.onPublicChange?.(version);
    return result;
  }

  /**
   * Makes `data` the entry's live data and appends it as the next revision. `row` was read under
   * the content lock (and on PostgreSQL locked itself), so no save slips in between.
   */
  async function publishRow(
    trx: Transaction<Database>,
    row: Row,
    data: string,
    at: string,
    kind: RevisionKind,
    restoredFrom: number | null = null,
    keepDraft = false,
  ): Promise<void> {
    const last = await trx
      .selectFrom("content_revisions")
      .select((eb) => eb.fn.max("revision").as("last"))
      .where("entry_id", "=", row.id)
      .executeTakeFirst();
    const revision = Number(last?.last ?? 0) + 1;
    await trx
      .insertInto("content_revisions")
      .values({
        entry_id: row.id,
        revision,
        data,
        published_at: at,
        kind,
        restored_from: restoredFrom,
      })
      .execute();
    await trx
      .updateTable("content_entries")
      .set((eb) => ({
        data,
        status: "published",
        published_at: at,
        deleted_at: null,
        version: eb("version", "+", 1),
        updated_at: at,
        ...(keepDraft ? {} : { draft: null, publish_at: null }),
      }))
      .where("id", "=", row.id)
      .execute();
  }

  async function reload(executor: Executor, id: string): Promise<ContentEntry> {
    const row = await executor
      .selectFrom("content_entries")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return toEntry(row);
  }

  /**
   * An entry change that leaves the public content as it is (draft, schedule). The update comes
   * first and carries its conditions (a write first takes SQLite's write lock at once, so another
   * process's change cannot slip in between a read and this write); only a refused update reads
   * the row, to say why.
   */
  function changeEntry(
    collection: string,
    id: string,
    version: number | undefined,
    changes: Partial<Row>,
    needsDraft = false,
  ): Promise<ContentEntry> {
    return write(async (trx) => {
      const at = nowIso(clock);
      const result = await trx
        .updateTable("content_entries")
        .set((eb) => ({ ...changes, version: eb("version", "+", 1), updated_at: at }))
        .where("id", "=", id)
        .where("collection", "=", collection)
        .$if(version !== undefined, (query) => query.where("version", "=", version!))
        .$if(needsDraft, (query) =>
          query.where((eb) =>
            eb.or([
              eb("draft", "is not", null),
              eb.and([eb("deleted_at", "is not", null), eb("data", "is not", null)]),
            ]),
          ),
        )
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) {
        if (changes.draft !== undefined) await assertList(trx, collection, "drafts");
        return reload(trx, id);
      }
      const row = await requireEntry(trx, collection, id);
      checkVersion(row, version);
      throw new ContentChangeError(
        "no_draft",
        "There is no draft to schedule: save a draft first",
        toEntry(row),
      );
    });
  }

  async function listRows(executor: Executor, collection: string): Promise<Row[]> {
    return executor
      .selectFrom("content_entries")
      .selectAll()
      .where("collection", "=", collection)
      .$call(inListOrder)
      .execute();
  }

  /**
   * Refuses the change being made in `trx` when the list, as it now stands in the given view,
   * breaks a rule across its entries (the transaction then rolls back).
   */
  async function assertList(
    trx: Transaction<Database>,
    collection: string,
    view: "published" | "drafts",
  ): Promise<void> {
    if (!options.listProblems) return;
    const rows = (await listRows(trx, collection)).filter((row) => row.deleted_at === null);
    const items =
      view === "published"
        ? rows.filter((row) => row.status === "published").map((row) => parseJson(row.data))
        : rows
            .filter((row) => row.draft !== null || row.data !== null)
            .map((row) => parseJson(row.draft ?? row.data));
    const [problem] = options.listProblems(collection as CollectionName, items);
    if (problem !== undefined) throw new ContentChangeError("list_problem", problem);
  }

  const repository: ContentRepository = {
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

    async publish(collection, id, version) {
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
        await publishRow(trx, row, data, at, "publish");
        await assertList(trx, collection, "published");
        return row.id;
      });
      return reload(db, entryId);
    },

    schedule(collection, id, at, version) {
      return changeEntry(collection, id, version, { publish_at: at }, true);
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
      const row = await repository.get(collection, id);
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

    async revisions(collection, id) {
      if (!(await repository.get(collection, id))) return undefined;
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
      };
    },

    async restore(collection, id, number, version) {
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
        await publishRow(trx, row, revision.data, at, "restore", number, true);
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
      return (await repository.list(collection)).filter((entry) => entry.status !== "deleted");
    },

    async publishDue() {
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
            await publishRow(trx, row, data, at, "scheduled");
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
    },

    async loadPublished() {
      // Version first: content read after it is at least as new, so a snapshot is never
      // labelled with a version newer than what it holds.
      const version = await repository.readVersion();
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

    async seed(collections) {
      const missing = async (executor: Executor) => {
        const present = await executor
          .selectFrom("content_entries")
          .select("collection")
          .distinct()
          .execute();
        const seeded = new Set(present.map((row) => row.collection));
        return collections.filter((definition) => !seeded.has(definition.name));
      };
      if ((await missing(db)).length === 0) return 0;
      try {
        return await changePublic(async (trx, at) => {
          // Under the lock: another instance starting at the same moment may have seeded.
          const todo = await missing(trx);
          if (todo.length === 0) throw NOTHING_TO_DO;
          let count = 0;
          for (const definition of todo) {
            for (const [index, item] of definition.seed.entries()) {
              const parsed = definition.schema.safeParse(item);
              const data = JSON.stringify(parsed.success ? parsed.data : item);
              const id = seedEntryId(definition.name, index);
              const inserted = await trx
                .insertInto("content_entries")
                .values({
                  id,
                  collection: definition.name,
                  position: index,
                  data,
                  draft: null,
                  status: "published",
                  version: 1,
                  publish_at: null,
                  published_at: at,
                  created_at: at,
                  updated_at: at,
                  deleted_at: null,
                })
                .onConflict((conflict) => conflict.column("id").doNothing())
                .executeTakeFirst();
              if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) continue;
              // The seeded default is revision 1, so even the first edit can be undone.
              await trx
                .insertInto("content_revisions")
                .values({
                  entry_id: id,
                  revision: 1,
                  data,
                  published_at: at,
                  kind: "seed",
                  restored_from: null,
                })
                .onConflict((conflict) => conflict.columns(["entry_id", "revision"]).doNothing())
                .execute();
              count += 1;
            }
          }
          if (count === 0) throw NOTHING_TO_DO;
          return count;
        });
      } catch (error) {
        if (error === NOTHING_TO_DO) return 0;
        throw error;
      }
    },
  };
  return repository;
}
