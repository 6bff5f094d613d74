import { randomUUID } from "node:crypto";
import type { RecipientStatus } from "../../common/texts.js";
import type { Executor } from "../db/database.js";
import { isoAt } from "../db/time.js";

/**
 * Delivery reports (Twilio's StatusCallback): a recipient's status moves forward only, and a
 * report that comes before the provider's answer naming its sid was recorded is kept until it is.
 */

/** Twilio's statuses in the order they happen; a report never moves a recipient backwards. */
const STATUS_RANK: Readonly<Record<string, number>> = {
  queued: 1,
  accepted: 1,
  scheduled: 1,
  sending: 1,
  sent: 2,
  delivered: 3,
  undelivered: 3,
  failed: 3,
  read: 3,
};

/** The recipient status a provider status is shown as (Twilio's own where it is one of ours). */
export function shownStatus(providerStatus: string): RecipientStatus | null {
  const rank = STATUS_RANK[providerStatus];
  if (rank === undefined) return null;
  if (rank === 1) return "queued";
  if (providerStatus === "read") return "delivered";
  return providerStatus as RecipientStatus;
}

const LOWER_RANKED: Readonly<Record<number, RecipientStatus[]>> = {
  2: ["queued"],
  3: ["queued", "sent"],
};

export interface DeliveryReports {
  /** A report, in the caller's transaction; false when it changed nothing (kept, or a step back). */
  apply(
    executor: Executor,
    sid: string,
    providerStatus: string,
    errorCode: string | null,
  ): Promise<boolean>;
  /** Applies the furthest of the reports that came before `sid` was recorded. */
  applyEarly(executor: Executor, sid: string): Promise<void>;
}

export function createDeliveryReports(clock: () => number): DeliveryReports {
  /** Moves the recipient known by `sid` forward; false when it is unknown or already further. */
  const applyKnown = async (
    executor: Executor,
    sid: string,
    providerStatus: string,
    errorCode: string | null,
  ) => {
    const status = shownStatus(providerStatus);
    const rank = STATUS_RANK[providerStatus];
    if (!status || rank === undefined) return false;
    const lower = LOWER_RANKED[rank];
    if (!lower) return false;
    const result = await executor
      .updateTable("sms_recipients")
      .set({
        status,
        status_at: isoAt(clock()),
        ...(errorCode ? { error_code: errorCode.slice(0, 16) } : {}),
      })
      .where("provider_sid", "=", sid)
      .where("status", "in", lower)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  };

  const applyEarly = async (executor: Executor, sid: string) => {
    const early = await executor
      .selectFrom("sms_early_reports")
      .selectAll()
      .where("provider_sid", "=", sid)
      .execute();
    if (early.length === 0) return;
    const known = await executor
      .selectFrom("sms_recipients")
      .select("id")
      .where("provider_sid", "=", sid)
      .executeTakeFirst();
    if (!known) return;
    const ranked = early.sort(
      (a, b) => (STATUS_RANK[a.status] ?? 0) - (STATUS_RANK[b.status] ?? 0),
    );
    for (const report of ranked) {
      await applyKnown(executor, sid, report.status, report.error_code);
    }
    await executor.deleteFrom("sms_early_reports").where("provider_sid", "=", sid).execute();
  };

  return {
    async apply(executor, sid, providerStatus, errorCode) {
      // One statement in the usual case: the sid is known and the report moves it forward.
      if (await applyKnown(executor, sid, providerStatus, errorCode)) return true;
      const known = await executor
        .selectFrom("sms_recipients")
        .select("id")
        .where("provider_sid", "=", sid)
        .executeTakeFirst();
      if (known || STATUS_RANK[providerStatus] === undefined) return false;
      // Kept until the answer that names this sid is recorded (see sms_early_reports).
      await executor
        .insertInto("sms_early_reports")
        .values({
          id: randomUUID(),
          provider_sid: sid,
          status: providerStatus,
          error_code: errorCode ? errorCode.slice(0, 16) : null,
          received_at: isoAt(clock()),
        })
        .execute();
      // Another instance may have recorded the answer meanwhile.
      await applyEarly(executor, sid);
      return false;
    },
    applyEarly,
  };
}
