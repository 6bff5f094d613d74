import { createHash, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { isoAt } from "../db/time.js";
import { HttpError } from "../http/errors.js";

export const MAX_FAILED_LOGINS = 5;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;
/**
 * Failed sign-ins per email address tried (known or not) within the window. Higher than the
 * per-address limit: anyone can spend it, so it must slow guessing without making locking a
 * colleague out too easy (decision 028).
 */
export const MAX_FAILED_LOGINS_PER_ACCOUNT = 10;

export type LimitVerdict =
  | { allowed: true; /** This attempt's own record, for `release`. */ reservation: string }
  | { allowed: false; retryAfterSeconds: number };

/**
 * Failed logins per client (request.ip: an IPv4 address or an IPv6 /64) or per account key,
 * kept in the database so every instance sees them.
 *
 * Atomic: an attempt is recorded as a failure *before* its password is checked, then counted,
 * so of any number of attempts arriving at once at most MAX_FAILED_LOGINS are checked. A wrong
 * password leaves the reservation standing as the failure. A right one removes only its own
 * reservation from the client address's record (`release`): a success of one account never
 * wipes the failures others caused from the same address, or one staff account would let its
 * holder try passwords across every other without meeting the limit (design 6d). Only an
 * account's own success clears that account's record (`clear`).
 */
export interface LoginLimiter {
  /** Reserves one password check for `client`, unless it has had too many failures. */
  reserve(client: string): Promise<LimitVerdict>;
  /** This attempt succeeded: its own reservation no longer counts (the others still do). */
  release(reservation: string): Promise<void>;
  /** The key's own success (an account's): every failure recorded against it no longer counts. */
  clear(key: string): Promise<void>;
}

export function createLoginLimiter(
  db: Kysely<Database>,
  clock: () => number,
  max: number = MAX_FAILED_LOGINS,
): LoginLimiter {
  return {
    async reserve(client) {
      const now = clock();
      const since = isoAt(now - FAILED_LOGIN_WINDOW_MS);
      const id = randomUUID();
      await db
        .insertInto("login_failures")
        .values({ id, client, failed_at: isoAt(now) })
        .execute();
      // Every reservation made before this one is visible here (each statement commits on its
      // own), so the 6th of any set of concurrent attempts always counts at least 6 rows.
      const rows = await db
        .selectFrom("login_failures")
        .select(["id", "failed_at"])
        .where("client", "=", client)
        .where("failed_at", ">", since)
        .orderBy("failed_at", "asc")
        .execute();
      // Keep the table small: older records can no longer count against anyone.
      await db.deleteFrom("login_failures").where("failed_at", "<=", since).execute();
      if (rows.length <= max) return { allowed: true, reservation: id };
      await db.deleteFrom("login_failures").where("id", "=", id).execute();
      // Allowed again once enough of the other failures have left the window.
      const others = rows.filter((row) => row.id !== id);
      const freeing = others[others.length - max] ?? others[0];
      const waitMs = freeing
        ? Date.parse(freeing.failed_at) + FAILED_LOGIN_WINDOW_MS - now
        : FAILED_LOGIN_WINDOW_MS;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },
    async release(reservation) {
      await db.deleteFrom("login_failures").where("id", "=", reservation).execute();
    },
    async clear(key) {
      await db.deleteFrom("login_failures").where("client", "=", key).execute();
    },
  };
}

/** The 429 of a sign-in step refused by a limit. */
export function tooManyAttempts(verdict: Extract<LimitVerdict, { allowed: false }>): HttpError {
  const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
  return new HttpError(
    429,
    "too_many_attempts",
    `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    undefined,
    { "Retry-After": String(verdict.retryAfterSeconds) },
  );
}

/** The per-email limit's key: a digest of the address, known or not (fits the 64-character column). */
export function emailLimitKey(email: string): string {
  return "email:" + createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 40);
}
