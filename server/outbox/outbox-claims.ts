import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Dialect } from "../db/database.js";
import type { Database } from "../db/schema.js";
import { isoAt } from "../db/time.js";
import type { OutboxRepository, OutboxRow } from "./outbox.js";

/** The tables that are outboxes: each has the same delivery and claim columns. */
export type OutboxTable = "contact_messages" | "staff_mail" | "sms_recipients";

/** How much of a transport's error a row keeps. */
export const LAST_ERROR_MAX = 1000;

type ClaimUpdates = Pick<
  OutboxRepository<OutboxRow>,
  "renew" | "markSent" | "markFailed" | "release"
>;

/**
 * What a worker does with the rows it holds, the same for every outbox: renew its claim, record
 * a delivery or a failure, hand a row back. Each statement requires the claim token (and a pending
 * row), so a worker whose claim lapsed can never finish a row another worker now holds.
 * `blankBodyWhenSent` empties a delivered row's body (staff mail: it holds a one-time link).
 * Claiming is `claimDueRows`, one statement for every outbox.
 */
export function createClaimUpdates(
  db: Kysely<Database>,
  table: OutboxTable,
  clock: () => number,
  { blankBodyWhenSent = false }: { blankBodyWhenSent?: boolean } = {},
): ClaimUpdates {
  // Both tables share these columns; one table's type serves the statements for either.
  const outbox = db as unknown as Kysely<Pick<Database, "staff_mail">>;
  const name = table as "staff_mail";
  return {
    async renew(claim, ttlMs) {
      const result = await outbox
        .updateTable(name)
        .set({ claim_expires_at: isoAt(clock() + ttlMs) })
        .where("claimed_by", "=", claim)
        .where("delivery_status", "=", "pending")
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async markSent(id, claim) {
      const result = await outbox
        .updateTable(name)
        .set((eb) => ({
          delivery_status: "sent",
          delivered_at: isoAt(clock()),
          attempts: eb("attempts", "+", 1),
          // last_error stays: what went wrong before the delivery is still worth seeing.
          claimed_by: null,
          claim_expires_at: null,
          ...(blankBodyWhenSent ? { body: "" } : {}),
        }))
        .where("id", "=", id)
        .where("claimed_by", "=", claim)
        .where("delivery_status", "=", "pending")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async markFailed(id, claim, error, nextAttemptAt) {
      const result = await outbox
        .updateTable(name)
        .set((eb) => ({
          attempts: eb("attempts", "+", 1),
          last_error: error.slice(0, LAST_ERROR_MAX),
          next_attempt_at: nextAttemptAt,
          claimed_by: null,
          claim_expires_at: null,
        }))
        .where("id", "=", id)
        .where("claimed_by", "=", claim)
        .where("delivery_status", "=", "pending")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async release(id, claim) {
      await outbox
        .updateTable(name)
        .set({ claimed_by: null, claim_expires_at: null })
        .where("id", "=", id)
        .where("claimed_by", "=", claim)
        .execute();
    },
  };
}

/** A batch a worker now holds: its claim token and the rows' ids (read them by the token). */
export interface ClaimedBatch {
  claim: string;
  ids: string[];
}

/**
 * Claims up to `limit` due rows of an outbox for `ttlMs`, the same statement for every outbox
 * (decision 006). One statement picks pending rows whose time has come and whose claim is free
 * or lapsed, oldest first, and marks them with a new claim token. The outer WHERE repeats the
 * conditions, so on PostgreSQL a row another transaction claimed meanwhile is checked again
 * after its lock and skipped; SKIP LOCKED keeps workers from queueing on each other. SQLite runs
 * one writer at a time, so the statement is atomic there as it is. The token is a fixed-size
 * random UUID: it fits `claimed_by` whatever the host name (docs/product.md section 10); which
 * instance holds a claim is in that instance's log, not the row. Contact messages marked spam
 * are never claimed (`notSpam`).
 */
export async function claimDueRows(
  db: Kysely<Database>,
  dialect: Dialect,
  table: OutboxTable,
  {
    limit,
    ttlMs,
    now: nowMs,
    notSpam = false,
  }: {
    limit: number;
    ttlMs: number;
    now: number;
    notSpam?: boolean;
  },
): Promise<ClaimedBatch> {
  // Every outbox has these columns; one table's type serves the statement for each.
  const outbox = db as unknown as Kysely<Pick<Database, "staff_mail">>;
  const name = table as "staff_mail";
  const now = isoAt(nowMs);
  const claim = randomUUID();
  const due = outbox
    .selectFrom(name)
    .select("id")
    .where("delivery_status", "=", "pending")
    .$if(notSpam, (query) => query.where(sql<boolean>`spam = 0`))
    .where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("claim_expires_at", "is", null), eb("claim_expires_at", "<", now)]))
    .orderBy("next_attempt_at")
    .limit(limit)
    .$if(dialect === "postgres", (query) => query.forUpdate().skipLocked());
  const rows = await outbox
    .updateTable(name)
    .set({ claimed_by: claim, claim_expires_at: isoAt(nowMs + ttlMs) })
    .where("id", "in", due)
    .where("delivery_status", "=", "pending")
    .$if(notSpam, (query) => query.where(sql<boolean>`spam = 0`))
    .where((eb) => eb.or([eb("claim_expires_at", "is", null), eb("claim_expires_at", "<", now)]))
    .returning("id")
    .execute();
  return { claim, ids: rows.map((row) => row.id) };
}
