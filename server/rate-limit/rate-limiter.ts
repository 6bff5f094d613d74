import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { isoAt } from "../db/time.js";

export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Requests per client address per window, counted in the database (`rate_limit_hits`, one row
 * per counted request, keyed by `scope`) so that every instance shares one count (docs/product.md section 13:
 * instances keep no state). The contact form and the SMS opt-in each have their own scope.
 */
export interface RateLimiter {
  /** Counts one request from `client`, unless it is over the limit (then it is not counted). */
  hit(client: string): Promise<RateVerdict>;
}

export interface RateLimitOptions {
  /** Names the limit in the table ('contact', 'sms'). */
  scope: string;
  /** Requests allowed per window; 0 turns the limit off. */
  limit: number;
  windowMs: number;
}

export function createRateLimiter(
  db: Kysely<Database>,
  { scope, limit, windowMs }: RateLimitOptions,
  clock: () => number,
): RateLimiter {
  if (limit <= 0) return { hit: async () => ({ allowed: true }) };

  return {
    async hit(client) {
      const now = clock();
      const since = isoAt(now - windowMs);
      const id = randomUUID();
      // Record first, then count: two requests arriving together both see each other, so
      // concurrency can only refuse a borderline request, never let an extra one through.
      await db
        .insertInto("rate_limit_hits")
        .values({ id, scope, client, hit_at: isoAt(now) })
        .execute();
      const rows = await db
        .selectFrom("rate_limit_hits")
        .select(["id", "hit_at"])
        .where("scope", "=", scope)
        .where("client", "=", client)
        .where("hit_at", ">", since)
        .orderBy("hit_at", "asc")
        .execute();
      // Old records can no longer count against anyone (the schedule purges them too).
      await db
        .deleteFrom("rate_limit_hits")
        .where("scope", "=", scope)
        .where("hit_at", "<=", since)
        .execute();
      if (rows.length <= limit) return { allowed: true };

      await db.deleteFrom("rate_limit_hits").where("id", "=", id).execute();
      // Allowed again once enough of the counted requests have left the window.
      const others = rows.filter((row) => row.id !== id);
      const freeing = others[others.length - limit] ?? others[0];
      const waitMs = freeing ? Date.parse(freeing.hit_at) + windowMs - now : windowMs;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },
  };
}

/** The longest window of any limit: rows older than this count against no one (purged). */
export const LONGEST_RATE_WINDOW_MS = 10 * 60 * 1000;
