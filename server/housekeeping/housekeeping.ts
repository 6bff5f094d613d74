import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { FAILED_LOGIN_WINDOW_MS } from "../auth/login-limiter.js";
import type { SessionStore } from "../auth/session-store.js";
import type { FormOutcomeStore } from "../forms/form-outcome-store.js";
import type { Database } from "../db/schema.js";
import { LONGEST_RATE_WINDOW_MS } from "../rate-limit/rate-limiter.js";
import { isoAt } from "../db/time.js";
import { AUDIT_RETENTION_DAYS } from "../../common/audit.js";
import { createPeriodicTask } from "../periodic-task.js";
import { monthsBefore } from "../../common/statistics.js";
import { createSiteDay } from "../statistics/site-day.js";
import { createStatisticsRepository } from "../statistics/statistics-repository.js";

/** Spam (honeypot or staff-marked) is kept this long for staff to review, then deleted. */
export const SPAM_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;
const AUDIT_RETENTION_MS = AUDIT_RETENTION_DAYS * 24 * 60 * 60 * 1000;
export const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;

export interface PurgeCounts {
  loginFailures: number;
  rateLimitHits: number;
  spamMessages: number;
  auditEntries: number;
  statisticsDays: number;
}

/**
 * Deletes what no longer counts for anything (docs/product.md section 10, growth): expired sessions, login
 * failures and rate-limit rows older than their windows, spam older than 90 days, audit log
 * entries older than a year, lapsed sign-in challenges, statistics' days older than their
 * retention (25 months by default). Every
 * instance runs it on a schedule; the deletes are idempotent, so instances never conflict.
 */
export interface Housekeeping {
  runOnce(): Promise<PurgeCounts>;
  start(): void;
  stop(): Promise<void>;
}

export function createHousekeeping(options: {
  db: Kysely<Database>;
  sessions: SessionStore;
  /** Outcomes of forms posted without JavaScript, past their few minutes (decision 023). */
  formOutcomes?: FormOutcomeStore;
  clock: () => number;
  log: FastifyBaseLogger;
  intervalMs?: number;
  /** The statistics' days are kept this many months (STATISTICS_RETENTION_MONTHS), then deleted. */
  statistics?: { retentionMonths: number; timeZone: string };
}): Housekeeping {
  const { db, sessions, clock, log } = options;
  const intervalMs = options.intervalMs ?? HOUSEKEEPING_INTERVAL_MS;

  async function runOnce(): Promise<PurgeCounts> {
    const now = clock();
    await sessions.purgeExpired();
    await options.formOutcomes?.purgeExpired();
    // Lapsed second-step tickets (decision 032): 5 minutes each.
    await db.deleteFrom("staff_auth_challenges").where("expires_at", "<=", isoAt(now)).execute();
    const loginFailures = await db
      .deleteFrom("login_failures")
      .where("failed_at", "<=", isoAt(now - FAILED_LOGIN_WINDOW_MS))
      .executeTakeFirst();
    const rateLimitHits = await db
      .deleteFrom("rate_limit_hits")
      .where("hit_at", "<=", isoAt(now - LONGEST_RATE_WINDOW_MS))
      .executeTakeFirst();
    const spamMessages = await db
      .deleteFrom("contact_messages")
      .where("spam", "=", 1)
      .where("created_at", "<=", isoAt(now - SPAM_RETENTION_MS))
      .executeTakeFirst();
    const auditEntries = await db
      .deleteFrom("audit_log")
      .where("at", "<", isoAt(now - AUDIT_RETENTION_MS))
      .executeTakeFirst();
    let statisticsDays = 0;
    if (options.statistics) {
      const { retentionMonths, timeZone } = options.statistics;
      const today = createSiteDay(timeZone)(now);
      statisticsDays = await createStatisticsRepository(db).deleteBefore(
        monthsBefore(today, retentionMonths),
      );
    }
    return {
      statisticsDays,
      auditEntries: Number(auditEntries.numDeletedRows),
      loginFailures: Number(loginFailures.numDeletedRows),
      rateLimitHits: Number(rateLimitHits.numDeletedRows),
      spamMessages: Number(spamMessages.numDeletedRows),
    };
  }

  const task = createPeriodicTask(
    () =>
      runOnce().then(
        (counts) => log.debug({ ...counts }, "housekeeping: old rows purged"),
        (error: unknown) => log.warn({ err: error }, "housekeeping: purge failed; will try again"),
      ),
    intervalMs,
  );

  return { runOnce, start: task.start, stop: task.stop };
}
