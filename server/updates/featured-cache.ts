import { createHash } from "node:crypto";
import { FEATURED_LIMIT_DEFAULT, type SiteUpdate } from "../../common/updates.js";
import type { FeaturedSource, FeaturedState } from "../render/content-source.js";
import { jsonAnswer } from "../web/json-answer.js";
import type { StaticEntry } from "../web/static-entries.js";
import type { UpdatesRepository } from "./updates-repository.js";

export interface CachedList {
  /** The list itself, for the pages that render it (the featured strip). */
  value: unknown;
  /** The list's version (the pages' render cache is keyed by it). */
  etag: string;
  /**
   * The API's answer: the JSON encoded once, compressed with br and gzip once (on the first
   * request for the list), every header computed then (server/web/json-answer.ts).
   */
  answer(): StaticEntry;
}

/** A list's key: the featured list of a limit, or every published update (/updates). */
type ListKey = number | "published";

/**
 * The public featured list, serialised once per limit, and the list of every published update.
 * Every write clears them; a short time-to-live bounds staleness when another instance did the
 * write.
 */
export function createFeaturedCache(ttlMs: number, clock: () => number) {
  const entries = new Map<ListKey, CachedList & { at: number }>();
  return {
    get(limit: ListKey): CachedList | undefined {
      const entry = entries.get(limit);
      if (!entry) return undefined;
      if (clock() - entry.at >= ttlMs) {
        entries.delete(limit);
        return undefined;
      }
      return entry;
    },
    set(limit: ListKey, value: unknown): CachedList {
      const body = Buffer.from(JSON.stringify(value), "utf8");
      const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
      let answer: StaticEntry | undefined;
      const entry = {
        value,
        etag,
        // Only the API sends it; the "published" list is only rendered into pages.
        answer: () => (answer ??= jsonAnswer(body, "no-cache")),
        at: clock(),
      };
      entries.set(limit, entry);
      return entry;
    },
    clear(): void {
      entries.clear();
    },
  };
}

export type FeaturedCache = ReturnType<typeof createFeaturedCache>;

/**
 * The featured list the home pages render into their strip (server/render/), from the same
 * cache as `GET /api/updates/featured`, and every published update for /updates and its feed:
 * their ETags are the lists' version, so a write here clears them and the next page request
 * renders the new lists; a write on another instance shows once the cached lists expire.
 */
export function featuredSource(
  cache: FeaturedCache,
  repository: UpdatesRepository,
): FeaturedSource {
  let loading: Promise<FeaturedState> | undefined;
  // Asked on every page request: the same two cached lists give the same state object.
  let last: { featured: CachedList; published: CachedList; state: FeaturedState } | undefined;
  const stateOf = (featured: CachedList, published: CachedList): FeaturedState => {
    if (last?.featured !== featured || last.published !== published) {
      const state = {
        version: `${featured.etag}${published.etag}`,
        updates: featured.value,
        published: published.value,
      };
      last = { featured, published, state };
    }
    return last.state;
  };
  return {
    current() {
      const featured = cache.get(FEATURED_LIMIT_DEFAULT);
      const published = cache.get("published");
      if (featured && published) return stateOf(featured, published);
      loading ??= Promise.all([
        featured ? undefined : repository.listFeatured(FEATURED_LIMIT_DEFAULT),
        published ? undefined : repository.listPublished(),
      ])
        .then(([featuredList, publishedList]: (SiteUpdate[] | undefined)[]) =>
          stateOf(
            featured ?? cache.set(FEATURED_LIMIT_DEFAULT, featuredList),
            published ?? cache.set("published", publishedList),
          ),
        )
        .finally(() => {
          loading = undefined;
        });
      return loading;
    },
  };
}
