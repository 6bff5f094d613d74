import type { ContentEntry, ContentRevision } from "../../common/content-api.js";
import type { CollectionDefinition, CollectionName } from "../../common/content/collections.js";
import {
  type ContentAuthor,
  type ContentRepositoryOptions,
  createContentCore,
} from "./content-core.js";
import { createContentReads } from "./content-reads.js";
import { createScheduledPass } from "./content-scheduled-pass.js";
import { createContentSeeding } from "./content-seeding.js";
import { createContentWrites } from "./content-writes.js";

/** One published or previewed entry, in the order of its collection. */
export interface SnapshotRow {
  /** The entry's id. */
  id: string;
  collection: string;
  data: unknown;
  /** For a draft (preview): the published data, shown while the draft is incomplete. */
  fallback?: unknown;
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
  publish(
    collection: CollectionName,
    id: string,
    version?: number,
    by?: ContentAuthor,
  ): Promise<ContentEntry>;
  /** Sets (or moves) the time the draft goes live by itself. */
  schedule(
    collection: CollectionName,
    id: string,
    at: string,
    version?: number,
    by?: ContentAuthor,
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
    by?: ContentAuthor,
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

/**
 * The content store over the database (decision 015), put together from its parts: rows and
 * transactions (content-core.ts), reads (content-reads.ts), staff changes (content-writes.ts),
 * the scheduled-publish pass (content-scheduled-pass.ts) and the seeding (content-seeding.ts).
 */
export function createContentRepository(options: ContentRepositoryOptions): ContentRepository {
  const core = createContentCore(options);
  const reads = createContentReads(core);
  return {
    ...reads,
    ...createContentWrites(core, reads),
    publishDue: createScheduledPass(core),
    seed: createContentSeeding(core),
  };
}
