import { createHash } from "node:crypto";

export interface CachedList {
  body: string;
  etag: string;
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
      const body = JSON.stringify(value);
      const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
      const entry = { body, etag, at: clock() };
      entries.set(limit, entry);
      return entry;
    },
    clear(): void {
      entries.clear();
    },
  };
}

export type FeaturedCache = ReturnType<typeof createFeaturedCache>;
