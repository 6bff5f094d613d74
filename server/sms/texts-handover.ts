import type { Kysely } from "kysely";
import type { Dialect, Executor } from "../db/database.js";
import { createGroupCommit } from "../db/group-commit.js";
import type { Database, SmsRecipientsTable } from "../db/schema.js";
import { isoAt } from "../db/time.js";
import { claimDueRows, createClaimUpdates } from "../outbox/outbox-claims.js";
import type { OutboxRepository, OutboxRow } from "../outbox/outbox.js";
import { shownStatus, type DeliveryReports } from "./texts-delivery-reports.js";
import type { TextStoring } from "./texts-storing.js";

/**
 * Handing texts to the provider, once each: the outbox's claims on recipients, each claimed row
 * finished by one record of what the provider said, and the delivery reports that follow.
 */

/** A recipient a sender worker holds: what it needs to hand the text over once. */
export interface ClaimedRecipient extends OutboxRow {
  textId: string;
  phone: string;
  body: string;
  /** Set when an earlier hand-over was cut short: look at the provider before sending again. */
  handedAt: string | null;
}

export interface TextHandover extends OutboxRepository<ClaimedRecipient> {
  /**
   * Whether a sender would find work now (a scheduled text due to begin, or a recipient due and
   * not held): two reads, no write, so an idle instance can ask often.
   */
  hasDue(): Promise<boolean>;
  /**
   * Each of these finishes a claimed row in one write (the outbox's own markSent then has
   * nothing left to do); false when the claim was lost meanwhile.
   */
  recordAccepted(id: string, claim: string, sid: string, providerStatus: string): Promise<boolean>;
  recordRefused(id: string, claim: string, code: string, message: string): Promise<boolean>;
  /** Not handed over: the number opted out before its turn. */
  recordSkipped(id: string, claim: string, reason: string): Promise<boolean>;
  /** A delivery report; false when it changed nothing (unknown sid kept, or a step back). */
  applyStatus(sid: string, providerStatus: string, errorCode: string | null): Promise<boolean>;
}

export function createTextHandover(
  db: Kysely<Database>,
  dialect: Dialect,
  clock: () => number,
  storing: TextStoring,
  reports: DeliveryReports,
): TextHandover {
  const claims = createClaimUpdates(db, "sms_recipients", clock);
  const group = createGroupCommit(db);

  /** Finishes a claimed row: handed over (or given up), never claimed again. */
  const finish = async (
    executor: Executor,
    id: string,
    claim: string,
    changes: Partial<
      Pick<SmsRecipientsTable, "provider_sid" | "status" | "error_code" | "last_error">
    >,
  ): Promise<boolean> => {
    const at = isoAt(clock());
    const result = await executor
      .updateTable("sms_recipients")
      .set((eb) => ({
        ...changes,
        status_at: at,
        delivery_status: "sent",
        delivered_at: at,
        attempts: eb("attempts", "+", 1),
        claimed_by: null,
        claim_expires_at: null,
      }))
      .where("id", "=", id)
      .where("claimed_by", "=", claim)
      .where("delivery_status", "=", "pending")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  };

  /** Lets go of a claimed row with `changes` (it waits for a later turn, or never goes). */
  const putBack = (
    id: string,
    claim: string,
    changes: Partial<
      Pick<
        SmsRecipientsTable,
        "status" | "status_at" | "last_error" | "delivery_status" | "next_attempt_at"
      >
    >,
  ) =>
    db
      .updateTable("sms_recipients")
      .set({ ...changes, claimed_by: null, claim_expires_at: null })
      .where("id", "=", id)
      .where("claimed_by", "=", claim)
      .where("delivery_status", "=", "pending")
      .execute();

  return {
    ...claims,

    async hasDue() {
      const now = isoAt(clock());
      const text = await db
        .selectFrom("sms_texts")
        .select("id")
        .where("state", "=", "scheduled")
        .where("send_at", "<=", now)
        .limit(1)
        .executeTakeFirst();
      if (text) return true;
      // The conditions of claimDueRows (outbox-claims.ts).
      const recipient = await db
        .selectFrom("sms_recipients")
        .select("id")
        .where("delivery_status", "=", "pending")
        .where("next_attempt_at", "<=", now)
        .where((eb) =>
          eb.or([eb("claim_expires_at", "is", null), eb("claim_expires_at", "<", now)]),
        )
        .limit(1)
        .executeTakeFirst();
      return recipient !== undefined;
    },

    async claimDue(limit, ttlMs) {
      // Scheduled texts whose time came get their recipients first (once, whoever runs it).
      await storing.beginDue();
      const nowMs = clock();
      const now = isoAt(nowMs);
      // Every outbox's one claim statement (decision 006).
      const { claim, ids } = await claimDueRows(db, dialect, "sms_recipients", {
        limit,
        ttlMs,
        now: nowMs,
      });
      if (ids.length === 0) return [];
      const claimed = await db
        .selectFrom("sms_recipients")
        .select(["id", "text_id", "phone", "attempts", "handed_at"])
        .where("id", "in", ids)
        .where("claimed_by", "=", claim)
        .orderBy("next_attempt_at")
        .execute();
      if (claimed.length === 0) return [];
      const textIds = [...new Set(claimed.map((row) => row.text_id))];
      const texts = await db
        .selectFrom("sms_texts")
        .select(["id", "body", "any_hour", "remind_at"])
        .where("id", "in", textIds)
        .execute();
      const textOf = new Map(texts.map((text) => [text.id, text]));
      const hours = await storing.sendHoursIn(db);
      const ready: ClaimedRecipient[] = [];
      for (const row of claimed) {
        const text = textOf.get(row.text_id);
        // A retry (or a claim) may come outside the hours: the number waits for its next turn.
        // (A row handed out before is deferred too: its lookup at the provider waits with it.)
        const turn =
          text && text.any_hour !== 1 ? storing.turnOf(row.phone, nowMs, false, hours) : nowMs;
        // An event reminder never goes after its time: one the closed hours would hold past it
        // (a retry) ends. (One handed out before waits as any: its lookup may find it sent.)
        const pastReminder =
          text?.remind_at && turn !== null && turn > nowMs && turn > Date.parse(text.remind_at);
        if (pastReminder && row.handed_at === null) {
          await putBack(row.id, claim, {
            status: "cancelled",
            status_at: isoAt(nowMs),
            last_error: "its sending hours closed before the reminder's time",
            delivery_status: "sent",
          });
          continue;
        }
        if (text && turn !== null && turn > nowMs) {
          await putBack(row.id, claim, { status: "waiting", next_attempt_at: isoAt(turn) });
          continue;
        }
        ready.push({
          id: row.id,
          claim,
          attempts: Number(row.attempts),
          textId: row.text_id,
          phone: row.phone,
          body: text?.body ?? "",
          handedAt: row.handed_at,
        });
      }
      if (ready.length === 0) return [];
      // Written (and committed) before any of them is sent, in one statement for the batch: a
      // row claimed again after a crash with handed_at set is first looked up at the provider.
      // A row cancelled meanwhile is not handed out.
      const handed = await db
        .updateTable("sms_recipients")
        .set((eb) => ({
          handed_at: eb.fn.coalesce("handed_at", eb.val(now)),
          status: "queued",
          status_at: now,
        }))
        .where(
          "id",
          "in",
          ready.map((row) => row.id),
        )
        .where("claimed_by", "=", claim)
        .where("delivery_status", "=", "pending")
        .where("status", "!=", "cancelled")
        .returning("id")
        .execute();
      const handedIds = new Set(handed.map((row) => row.id));
      return ready.filter((row) => handedIds.has(row.id));
    },

    // The sender's records below finish each row; the outbox's call after them changes nothing.
    markSent: () => Promise.resolve(true),

    // Through the group commit: a burst of hand-overs and reports costs one commit.
    recordAccepted: (id, claim, sid, providerStatus) =>
      group.run(async (trx) => {
        const done = await finish(trx, id, claim, {
          provider_sid: sid,
          status: shownStatus(providerStatus) ?? "queued",
        });
        await reports.applyEarly(trx, sid);
        return done;
      }),

    recordRefused: (id, claim, code, message) =>
      group.run((trx) =>
        finish(trx, id, claim, {
          status: "failed",
          error_code: code.slice(0, 16),
          last_error: message.slice(0, 1000),
        }),
      ),

    recordSkipped: (id, claim, reason) =>
      group.run((trx) =>
        finish(trx, id, claim, { status: "cancelled", last_error: reason.slice(0, 1000) }),
      ),

    applyStatus: (sid, providerStatus, errorCode) =>
      group.run((trx) => reports.apply(trx, sid, providerStatus, errorCode)),
  };
}
