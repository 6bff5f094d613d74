import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

export const CONTACT_RATE_WINDOW_MS = 60 * 1000;

export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Contact submissions per client address per minute (CONTACT_RATE_LIMIT), counted in the
 * database so that every instance shares one count (docs/product.md section 13: instances keep no state).
 */
export interface ContactRateLimiter {
  /** Counts one submission from `client`, unless it is over the limit (then it is not counted). */
  hit(client: string): Promise<RateVerdict>;
}

export function createContactRateLimiter(
  db: Kysely<Database>,
  limit: number,
  clock: () => number,
): ContactRateLimiter {
  const iso = (ms: number) => new Date(ms).toISOString();
  if (limit <= 0) return { hit: async () => ({ allowed: true }) };

  return {
    async hit(client) {
      const now = clock();
      const since = iso(now - CONTACT_RATE_WINDOW_MS);
      const id = randomUUID();
      // Record first, then count: two requests arriving together both see each other, so
      // concurrency can only refuse a borderline request, never let an extra one through.
      await db
        .insertInto("contact_rate_hits")
        .values({ id, client, hit_at: iso(now) })
        .execute();
      const rows = await db
        .selectFrom("contact_rate_hits")
        .select(["id", "hit_at"])
        .where("client", "=", client)
        .where("hit_at", ">", since)
        .orderBy("hit_at", "asc")
        .execute();
      // Old records can no longer count against anyone.
      await db.deleteFrom("contact_rate_hits").where("hit_at", "<=", since).execute();
      if (rows.length <= limit) return { allowed: true };

      await db.deleteFrom("contact_rate_hits").where("id", "=", id).execute();
      // Allowed again once enough of the counted submissions have left the window.
      const others = rows.filter((row) => row.id !== id);
      const freeing = others[others.length - limit] ?? others[0];
      const waitMs = freeing
        ? Date.parse(freeing.hit_at) + CONTACT_RATE_WINDOW_MS - now
        : CONTACT_RATE_WINDOW_MS;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },
  };
}
