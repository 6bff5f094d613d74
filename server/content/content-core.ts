import {
  type Kysely,
  type Selectable,
  type SelectQueryBuilder,
  type Transaction,
  sql,
} from "kysely";
import type {
  ContentEntry,
  ContentRevisionKind as RevisionKind,
} from "../../common/content-api.js";
import type { CollectionName } from "../../common/content/collections.js";
import type { Dialect, Executor } from "../db/database.js";
import type { ContentEntriesTable, Database } from "../db/schema.js";
import { nowIso } from "../db/time.js";
import { redirectRenamedEvent } from "../redirects/redirect-repository.js";

/** Who made a change that names its author (a revision's publisher; decision 033). */
export interface ContentAuthor {
  id: string;
  /** The name at the time: a revision keeps it when the account is renamed or removed. */
  name: string;
}

/*
 * The content store's rows and transactions (decision 015), shared by its reads, its writes, the
 * scheduled-publish pass and the seeding (content-repository.ts puts them together): how a
 * row becomes an entry, how a write takes its turn and its lock, and how a change of the public
 * content bumps the version and tells every instance.
 */

/** The PostgreSQL channel every instance listens on; the payload is `schema:version`. */
export const CONTENT_CHANNEL = "site_content";

/** Why a change was refused; the routes turn it into 400, 404 or 409. */
export class ContentChangeError extends Error {
  constructor(
    readonly reason:
      | "not_found"
      | "stale"
      | "no_draft"
      | "list_changed"
      | "no_revision"
      | "list_problem"
      | "incomplete",
    message: string,
    /** The entry as it stands (409), so staff can compare before trying again. */
    readonly current?: ContentEntry,
    /** For `incomplete`: a message per field, keyed like the API's (`data.title`). */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "ContentChangeError";
  }
}

export interface ContentRepositoryOptions {
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
  /**
   * The check a draft passes before it goes live (decision 044: drafts save whatever their
   * state): the data to publish (today's defaults filled in), or a ContentChangeError
   * `incomplete` naming each field. Without it, drafts are published as saved.
   */
  checkPublish?: (collection: CollectionName, data: unknown) => unknown;
  log?: { warn(details: object, message: string): void };
}

export type Row = Selectable<ContentEntriesTable>;

/** A list's public order: its position, then (for equal positions) the older entry, then id. */
export function inListOrder<O>(
  query: SelectQueryBuilder<Database, "content_entries", O>,
): SelectQueryBuilder<Database, "content_entries", O> {
  return query.orderBy("position").orderBy("created_at").orderBy("id");
}

export const NOTHING_TO_DO = Symbol("nothing to do");

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

export function parseJson(text: string | null): unknown {
  return text === null ? null : (JSON.parse(text) as unknown);
}

export function toEntry(row: Row): ContentEntry {
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

/** The shared operations on content rows, bound to one database. */
export function createContentCore(options: ContentRepositoryOptions) {
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
    by: ContentAuthor | null = null,
  ): Promise<void> {
    // A restore publishes a revision the route has checked already, as it was stored.
    if (options.checkPublish && kind !== "restore") {
      data = JSON.stringify(
        options.checkPublish(row.collection as CollectionName, parseJson(data)),
      );
    }
    const last = await trx
      .selectFrom("content_revisions")
      .select((eb) => eb.fn.max("revision").as("last"))
      .where("entry_id", "=", row.id)
      .executeTakeFirst();
    const revision = Number(last?.last ?? 0) + 1;
    // An event published under a new address name: its old address leads to the new one.
    if (row.collection === "events" && row.status === "published") {
      await redirectRenamedEvent(trx, row.data, data, at);
    }
    await trx
      .insertInto("content_revisions")
      .values({
        entry_id: row.id,
        revision,
        data,
        published_at: at,
        kind,
        restored_from: restoredFrom,
        published_by: by?.id ?? null,
        published_by_name: by?.name ?? null,
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

  return {
    db,
    dialect,
    clock,
    options,
    write,
    requireEntry,
    checkVersion,
    changePublic,
    publishRow,
    reload,
    changeEntry,
    listRows,
    assertList,
  };
}

export type ContentCore = ReturnType<typeof createContentCore>;
