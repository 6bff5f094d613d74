import type { CollectionKind, CollectionName } from "./content/collections.js";

/**
 * The shapes of the staff content API, /api/content (docs/product.md section 14.2). Zod-free:
 * the server checks bodies with the collection's schema from common/content/.
 */

/** What an entry's id looks like (a UUID, lower case): anything else names no entry. */
export const ENTRY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Content bodies may be larger than the 16 KiB every other route allows. */
export const CONTENT_BODY_LIMIT_BYTES = 256 * 1024;

/** GET /api/content */
export interface CollectionSummary {
  name: CollectionName;
  label: string;
  kind: CollectionKind;
}

/**
 * 'draft': never published, not on the public site; 'published': its `data` is on the public
 * site; 'deleted': taken off the public site (its revisions are kept; restoring one brings it
 * back).
 */
export type ContentEntryStatus = "draft" | "published" | "deleted";

/** One entry of GET /api/content/:collection and the answer of every change of an entry. */
export interface ContentEntry {
  id: string;
  collection: CollectionName;
  /** Order within its list (ascending); PUT /api/content/:collection/order changes it. */
  position: number;
  /** The published data, or null when the entry was never published. */
  data: unknown;
  status: ContentEntryStatus;
  /** Send it back with PUT: a stale one is answered 409. */
  version: number;
  /** When the draft goes live by itself (ISO 8601 UTC), or null. */
  publish_at: string | null;
  /** The saved draft waiting to be published, or null. */
  draft: { data: unknown } | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

/** How a revision went live. */
export type ContentRevisionKind = "seed" | "publish" | "scheduled" | "restore";

/** GET /api/content/:collection/:id/revisions, newest first. */
export interface ContentRevision {
  revision: number;
  published_at: string;
  data: unknown;
  kind: ContentRevisionKind;
  /** For a restore: the revision it published again; otherwise null. */
  restored_from: number | null;
  /**
   * Who published it (for a scheduled publish: who scheduled it), by their name then; null
   * for the original content and revisions from before named accounts.
   */
  published_by: { id: string; name: string } | null;
}

/** The 409 body: the error, and the entry as it stands so staff can compare. */
export interface ContentConflictBody {
  error: { code: string; message: string };
  current?: ContentEntry;
}

/**
 * GET /api/content/problems: a published entry today's schemas refuse (an incompatible schema
 * change, or an entry published by an instance running newer code).
 */
export interface ContentProblem {
  readonly collection: string;
  readonly id: string;
  /** The schema's first complaint, e.g. `title: Required`. */
  readonly message: string;
  /** True when the pages show the entry's last valid version; false: the entry is left out. */
  readonly keptLastValid: boolean;
}
