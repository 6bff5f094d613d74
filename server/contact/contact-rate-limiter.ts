import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { createRateLimiter, type RateLimiter } from "../rate-limit/rate-limiter.js";

export const CONTACT_RATE_WINDOW_MS = 60 * 1000;

/** Contact submissions per client address per minute (CONTACT_RATE_LIMIT), shared by instances. */
export type ContactRateLimiter = RateLimiter;

export function createContactRateLimiter(
  db: Kysely<Database>,
  limit: number,
  clock: () => number,
): ContactRateLimiter {
  return createRateLimiter(
    db,
    { scope: "contact", limit, windowMs: CONTACT_RATE_WINDOW_MS },
    clock,
  );
}
