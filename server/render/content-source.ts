/**
 * Where rendered pages get their content from (docs/product.md section 14): the one interface
 * for reading published content. The content store (server/content/content-store.ts) extends it
 * over the database; until a store is given, pages render the seeded default content that the
 * app falls back to.
 */
export interface ContentSource<Snapshot = unknown> {
  /**
   * Changes whenever the published content changes; cached pages are keyed by it.
   * `published()` called after reading it returns content at least this new.
   */
  version(): string | number;
  /** The published content. `undefined` lets the app use its seeded default. */
  published(): Promise<Snapshot | undefined>;
  /** The published content with the staff's drafts applied (preview only: never cached). */
  withDrafts?(): Promise<Snapshot | undefined>;
  /**
   * Calls `listener` after the published content changed (`version()` already answers the new
   * version); returns a function that unsubscribes. The renderer re-renders the public pages
   * then, so the first visitor after a publish gets a ready page (docs/decisions/021).
   */
  onChange?(listener: () => void): () => void;
}

/** Renders the app's seeded default content, which never changes while the process runs. */
export const seedContentSource: ContentSource<undefined> = {
  version: () => "seed",
  published: async () => undefined,
};

/** The updates the pages show (the strip's featured ones, and every published one), and a version of those lists. */
export interface FeaturedState {
  /** Changes whenever the list changes (e.g. the list's ETag). */
  readonly version: string;
  /** The featured updates (the strip). */
  readonly updates: unknown;
  /** Every published update, newest first (/updates and its feed); absent: none. */
  readonly published?: unknown;
}

export interface FeaturedSource {
  /** The current list: synchronously while it is cached, from the database otherwise. */
  current(): FeaturedState | Promise<FeaturedState>;
}
