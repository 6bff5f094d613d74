import type { Kysely } from "kysely";
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
 * Claiming differs per table (which rows are due, what is returned) and stays with each repository.
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
