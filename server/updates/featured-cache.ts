import { createHash } from "node:crypto";
import { FEATURED_LIMIT_DEFAULT, type SiteUpdate } from "../../common/updates.js";
import type { FeaturedSource, FeaturedState } from "../render/content-source.js";
import type { UpdatesRepository } from "./updates-repository.js";

export interface CachedList {
  /** The list itself, for the pages that render it (the featured strip). */
  value: unknown;
  /** The JSON answer, encoded once: sending a Buffer spares an encoding per request. */
  body: Buffer;
  etag: string;
  /** Every header of the 200 answer, computed once per list. */
  headers: Readonly<Record<string, string>>;
  /** The headers of a 304 answer. */
  notModifiedHeaders: Readonly<Record<string, string>>;
}

/**
 * The public featured list, serialised once per limit. Every write clears it; a short
 * time-to-live bounds staleness when another instance did the write.
 */
export function createFeaturedCache(ttlMs: number, clock: () => number) {
  const entries = new Map<number, CachedList & { at: number }>();
  return {
    get(limit: number): CachedList | undefined {
      const entry = entries.get(limit);
      if (!entry) return undefined;
      if (clock() - entry.at >= ttlMs) {
        entries.delete(limit);
        return undefined;
      }
      return entry;
    },
    set(limit: number, value: unknown): CachedList {
      const body = Buffer.from(JSON.stringify(value), "utf8");
      const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
      const notModifiedHeaders = Object.freeze({ etag, "cache-control": "no-cache" });
      const headers = Object.freeze({
        "content-type": "application/json; charset=utf-8",
        ...notModifiedHeaders,
      });
      const entry = { value, body, etag, headers, notModifiedHeaders, at: clock() };
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
 * cache as `GET /api/updates/featured`: its ETag is the list's version, so a write here clears
 * it and the next page request renders the new list; a write on another instance shows once
 * the cached list expires.
 */
export function featuredSource(
  cache: FeaturedCache,
  repository: UpdatesRepository,
): FeaturedSource {
  let loading: Promise<FeaturedState> | undefined;
  return {
    current() {
      const cached = cache.get(FEATURED_LIMIT_DEFAULT);
      if (cached) return { version: cached.etag, updates: cached.value };
      loading ??= repository
        .listFeatured(FEATURED_LIMIT_DEFAULT)
        .then((list: SiteUpdate[]) => {
          const entry = cache.set(FEATURED_LIMIT_DEFAULT, list);
          return { version: entry.etag, updates: list };
        })
        .finally(() => {
          loading = undefined;
        });
      return loading;
    },
  };
}
