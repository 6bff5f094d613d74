import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

export const MAX_FAILED_LOGINS = 5;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Failed logins per client address, kept in the database so every instance sees them.
 */
export interface LoginLimiter {
  check(client: string): Promise<LimitVerdict>;
  recordFailure(client: string): Promise<void>;
  clear(client: string): Promise<void>;
}

export function createLoginLimiter(db: Kysely<Database>, clock: () => number): LoginLimiter {
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    async check(client) {
      const since = iso(clock() - FAILED_LOGIN_WINDOW_MS);
      const rows = await db
        .selectFrom("login_failures")
        .select("failed_at")
        .where("client", "=", client)
        .where("failed_at", ">", since)
        .orderBy("failed_at", "desc")
        .limit(MAX_FAILED_LOGINS)
        .execute();
      if (rows.length < MAX_FAILED_LOGINS) return { allowed: true };
      // Allowed again once the oldest of the last five failures leaves the window.
      const oldest = Date.parse(rows[rows.length - 1]!.failed_at);
      const waitMs = oldest + FAILED_LOGIN_WINDOW_MS - clock();
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },

    async recordFailure(client) {
      const now = clock();
      await db
        .insertInto("login_failures")
        .values({ id: randomUUID(), client, failed_at: iso(now) })
        .execute();
      // Keep the table small: older records can no longer count against anyone.
      await db
        .deleteFrom("login_failures")
        .where("failed_at", "<=", iso(now - FAILED_LOGIN_WINDOW_MS))
        .execute();
    },

    async clear(client) {
      await db.deleteFrom("login_failures").where("client", "=", client).execute();
    },
  };
}
