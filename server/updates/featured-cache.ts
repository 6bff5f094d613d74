import { createHash } from "node:crypto";

export interface CachedList {
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
      const entry = { body, etag, headers, notModifiedHeaders, at: clock() };
      entries.set(limit, entry);
      return entry;
    },
    clear(): void {
      entries.clear();
    },
  };
}

export type FeaturedCache = ReturnType<typeof createFeaturedCache>;
