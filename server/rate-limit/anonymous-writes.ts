import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { HttpError } from "../http/errors.js";
import { createRateLimiter, type RateLimiter, type RateVerdict } from "./rate-limiter.js";

/** The window of the anonymous-write limit (the longest of any limit, LONGEST_RATE_WINDOW_MS). */
const ANONYMOUS_WRITE_WINDOW_MS = 10 * 60 * 1000;

/**
 * Requests without a session that make the server store a row, per client address (design 6d):
 * a passkey sign-in challenge, a refused no-JavaScript form post kept for its redisplay. Each
 * row is small, but nothing else bounded how many one client could make. Valid contact messages
 * and opt-ins keep their own limits; page views are never limited.
 */
export function createAnonymousWriteLimiter(
  db: Kysely<Database>,
  limit: number,
  clock: () => number,
): RateLimiter {
  // The scope fits rate_limit_hits.scope (16 characters).
  return createRateLimiter(
    db,
    { scope: "anonymous-write", limit, windowMs: ANONYMOUS_WRITE_WINDOW_MS },
    clock,
  );
}

export const TOO_MANY_WRITES = "Too many requests from your address. Please try again later.";

/** The 429 of a refused anonymous write, with when to try again. */
export function tooManyWrites(verdict: Extract<RateVerdict, { allowed: false }>): HttpError {
  return new HttpError(429, "too_many_requests", TOO_MANY_WRITES, undefined, {
    "Retry-After": String(verdict.retryAfterSeconds),
  });
}
