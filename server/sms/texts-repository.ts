import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import {
  DEFAULT_SEND_HOURS,
  nextAllowedAt,
  zonesFor,
  type SendHours,
} from "../../common/sms-hours.js";
import type {
  RecipientStatus,
  SmsReply,
  TextDetail,
  TextKind,
  TextStatus,
  TextSummary,
} from "../../common/texts.js";
import { countSegments } from "../../common/sms-segments.js";
import type { Dialect } from "../db/database.js";
import type { Database, SmsRecipientsTable, SmsTextsTable } from "../db/schema.js";
import { isoAt } from "../db/time.js";
import { numberTurn } from "./reminder-times.js";
import { createGroupCommit } from "../db/group-commit.js";
import { claimDueRows, createClaimUpdates } from "../outbox/outbox-claims.js";
import type { OutboxRepository, OutboxRow } from "../outbox/outbox.js";

/** A recipient a sender worker holds: what it needs to hand the text over once. */
export interface ClaimedRecipient extends OutboxRow {
  textId: string;
  phone: string;
  body: string;
  /** Set when an earlier hand-over was cut short: look at the provider before sending again. */
  handedAt: string | null;
}

export interface NewText {
  kind: TextKind;
  /** The whole text as it arrives. */
  body: string;
  segments: number;
  createdBy: string | null;
  /** When it is due (ms). */
  sendAt: number;
  /** An answer a person asked for: any hour, not held by the sending hours. */
  anyHour?: boolean;
  /** Only this number (a confirmation); otherwise every subscribed number when it begins. */
  to?: string;
  eventId?: string | null;
  reminderKey?: string | null;
  /** A reminder's own moment (ms): each number goes at the last minute its hours allow before it. */
  remindAt?: number | null;
}

/** One text to one number, as a subscriber's history shows it. */
export interface TextDelivery {
  phone: string;
  textId: string;
  kind: TextKind;
  body: string;
  status: RecipientStatus;
  error: string | null;
  /** When it was handed over, else when it was due. */
  at: string;
}

interface DeliveryRow {
  id: string;
  phone: string;
  text_id: string;
  kind: string;
  body: string;
  status: string;
  error_code: string | null;
  handed_at: string | null;
  next_attempt_at: string;
}

/** "reminder": an event reminder follows its event (switched off in the event's editor). */
export type CancelOutcome = "cancelled" | "not_found" | "begun" | "reminder";

type Executor = Kysely<Database> | Transaction<Database>;

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

/** Recipients per insert: on SQLite about a millisecond of the thread each (bench:texts). */
const INSERT_CHUNK = 250;
const SETTINGS_ID = "sms";

export interface TextsRepository extends OutboxRepository<ClaimedRecipient> {
  create(text: NewText): Promise<TextSummary>;
  /** Stores a text inside another transaction (a confirmation with its opt-in); its id. */
  createIn(trx: Transaction<Database>, text: NewText): Promise<string>;
  /** An answer given in the webhook's own reply (TwiML): stored as handed over. */
  recordAnswered(phone: string, kind: TextKind, body: string): Promise<void>;
  /** Stores the recipients of scheduled texts now due (once each, whoever runs it). */
  beginDue(): Promise<number>;
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
  cancel(id: string): Promise<CancelOutcome>;
  list(limit?: number): Promise<TextSummary[]>;
  /** An event's reminder texts with their counts, by send time. */
  reminders(
    eventId: string,
  ): Promise<Array<TextSummary & { reminderKey: string; remindAt: string | null }>>;
  get(id: string): Promise<TextDetail | undefined>;
  subscribedCount(): Promise<number>;
  isSubscribed(phone: string): Promise<boolean>;
  /** Every text a number was sent, oldest first (its history). */
  textsTo(phone: string): Promise<TextDelivery[]>;
  /** Every text to every number, by when it was due, read page by page (the history CSV). */
  eachDelivery(pageSize?: number): AsyncGenerator<TextDelivery>;
  addReply(phone: string, body: string, providerSid: string | null): Promise<void>;
  replies(limit?: number): Promise<SmsReply[]>;
  sendHours(): Promise<SendHours>;
  setSendHours(hours: SendHours): Promise<SendHours>;
}

export function createTextsRepository(
  db: Kysely<Database>,
  dialect: Dialect,
  clock: () => number,
  siteZone: string,
): TextsRepository {
  const claims = createClaimUpdates(db, "sms_recipients", clock);
  const group = createGroupCommit(db);

  const sendHoursWith = async (executor: Executor): Promise<SendHours> => {
    const row = await executor
      .selectFrom("sms_settings")
      .select(["send_from", "send_to"])
      .where("id", "=", SETTINGS_ID)
      .executeTakeFirst();
    return row ? { from: row.send_from, to: row.send_to } : DEFAULT_SEND_HOURS;
  };

  /** When each number's turn comes: at `due`, or the next minute its sending hours allow. */
  const turnOf = (phone: string, due: number, anyHour: boolean, hours: SendHours) => {
    if (anyHour) return due;
    return nextAllowedAt(due, zonesFor(phone, siteZone), hours);
  };

  const insertRecipients = async (
    trx: Executor,
    text: Pick<SmsTextsTable, "id" | "any_hour" | "remind_at">,
    phones: readonly string[],
    due: number,
  ): Promise<void> => {
    const hours = await sendHoursWith(trx);
    const nowMs = clock();
    const at = isoAt(nowMs);
    const remindAt = text.remind_at === null ? null : Date.parse(text.remind_at);
    const byZone = new Map<string, number | null>();
    const rows = phones.map((phone) => {
      const key = zonesFor(phone, siteZone).join(",");
      let turn = byZone.get(key);
      if (turn === undefined) {
        turn =
          remindAt === null
            ? turnOf(phone, due, text.any_hour === 1, hours)
            : numberTurn(remindAt, nowMs, zonesFor(phone, siteZone), hours);
        byZone.set(key, turn);
      }
      // A reminder never goes after its moment: a number whose hours closed before it gets none.
      if (turn === null && remindAt !== null) {
        return {
          id: `${text.id}:${phone}`,
          text_id: text.id,
          phone,
          status: "cancelled" satisfies RecipientStatus,
          status_at: at,
          error_code: null,
          last_error: "its sending hours closed before the reminder's time",
          delivery_status: "sent",
          attempts: 0,
          next_attempt_at: isoAt(due),
        };
      }
      const never = turn === null;
      return {
        id: `${text.id}:${phone}`,
        text_id: text.id,
        phone,
        status: (never ? "failed" : turn! > due ? "waiting" : "queued") satisfies RecipientStatus,
        status_at: at,
        error_code: never ? "hours" : null,
        last_error: never
          ? "the sending hours of the site's zone and the number's never meet"
          : null,
        delivery_status: never ? "sent" : "pending",
        attempts: 0,
        next_attempt_at: isoAt(turn ?? due),
      };
    });
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      // SQLite writes block the thread: between chunks the pages' thread answers what came in.
      if (start > 0) await new Promise((resumed) => setImmediate(resumed));
      await trx
        .insertInto("sms_recipients")
        .values(rows.slice(start, start + INSERT_CHUNK))
        .onConflict((conflict) => conflict.column("id").doNothing())
        .execute();
    }
  };

  const subscribedPhones = async (executor: Executor): Promise<string[]> =>
    (
      await executor
        .selectFrom("sms_subscribers")
        .select("phone")
        .where("status", "=", "subscribed")
        .execute()
    ).map((row) => row.phone);

  /** Turns a scheduled text into a begun one with its recipients, if nobody did yet. */
  const begin = async (trx: Executor, text: SmsTextsTable, to: string | undefined) => {
    const updated = await trx
      .updateTable("sms_texts")
      .set({ state: "begun" })
      .where("id", "=", text.id)
      .where("state", "=", "scheduled")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    const phones = to ? [to] : await subscribedPhones(trx);
    await insertRecipients(trx, text, phones, Math.max(Date.parse(text.send_at), clock()));
    return true;
  };

  const summaries = async (rows: SmsTextsTable[]): Promise<TextSummary[]> => {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const counted = await db
      .selectFrom("sms_recipients")
      .select([
        "text_id",
        "status",
        "delivery_status",
        (eb) => eb.fn.countAll<string | number>().as("count"),
        (eb) => eb.fn.min("next_attempt_at").as("first_turn"),
      ])
      .where("text_id", "in", ids)
      .groupBy(["text_id", "status", "delivery_status"])
      .execute();
    return rows.map((row) => {
      const mine = counted.filter((entry) => entry.text_id === row.id);
      const counts: Partial<Record<RecipientStatus, number>> = {};
      let recipients = 0;
      let pendingWaiting = 0;
      let pendingOther = 0;
      let waitingUntil: string | null = null;
      for (const entry of mine) {
        const count = Number(entry.count);
        const status = entry.status as RecipientStatus;
        counts[status] = (counts[status] ?? 0) + count;
        recipients += count;
        if (entry.delivery_status === "pending") {
          if (status === "waiting") {
            pendingWaiting += count;
            const turn = String(entry.first_turn);
            if (waitingUntil === null || turn < waitingUntil) waitingUntil = turn;
          } else pendingOther += count;
        }
      }
      let status: TextStatus;
      if (row.state === "cancelled") status = "cancelled";
      else if (row.state === "scheduled") status = "scheduled";
      else if (pendingOther > 0) status = "queued";
      else if (pendingWaiting > 0) status = "waiting";
      else status = "sent";
      return {
        id: row.id,
        kind: row.kind as TextKind,
        body: row.body,
        segments: Number(row.segments),
        createdAt: row.created_at,
        createdBy: row.created_by,
        sendAt: row.send_at,
        status,
        waitingUntil: status === "waiting" ? waitingUntil : null,
        recipients,
        counts,
      };
    });
  };

  const createWith = async (trx: Transaction<Database>, text: NewText): Promise<string> => {
    const id = randomUUID();
    const nowMs = clock();
    if (text.to && text.sendAt > nowMs) throw new Error("a text to one number is sent at once");
    const row: SmsTextsTable = {
      id,
      kind: text.kind,
      body: text.body,
      segments: text.segments,
      created_at: isoAt(nowMs),
      created_by: text.createdBy,
      send_at: isoAt(text.sendAt),
      any_hour: text.anyHour ? 1 : 0,
      state: "scheduled",
      cancelled_at: null,
      event_id: text.eventId ?? null,
      reminder_key: text.reminderKey ?? null,
      remind_at: text.remindAt == null ? null : isoAt(text.remindAt),
    };
    await trx.insertInto("sms_texts").values(row).execute();
    if (text.sendAt <= nowMs) await begin(trx, row, text.to);
    return id;
  };

  const deliveries = () =>
    db
      .selectFrom("sms_recipients")
      .innerJoin("sms_texts", "sms_texts.id", "sms_recipients.text_id")
      .select([
        "sms_recipients.id",
        "sms_recipients.phone",
        "sms_texts.id as text_id",
        "sms_texts.kind",
        "sms_texts.body",
        "sms_recipients.status",
        "sms_recipients.error_code",
        "sms_recipients.handed_at",
        "sms_recipients.next_attempt_at",
      ]);

  const toDelivery = (row: DeliveryRow): TextDelivery => ({
    phone: row.phone,
    textId: row.text_id,
    kind: row.kind as TextKind,
    body: row.body,
    status: row.status as RecipientStatus,
    error: row.error_code,
    at: row.handed_at ?? row.next_attempt_at,
  });

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

  const getRow = (executor: Executor, id: string) =>
    executor.selectFrom("sms_texts").selectAll().where("id", "=", id).executeTakeFirst();

  /** Applies the furthest of the reports that came before `sid` was recorded. */
  const applyEarlyReports = async (executor: Executor, sid: string) => {
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
    if (early.length > 0) {
      await executor.deleteFrom("sms_early_reports").where("provider_sid", "=", sid).execute();
    }
  };

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

  async function beginDue(): Promise<number> {
    const now = isoAt(clock());
    const due = await db
      .selectFrom("sms_texts")
      .selectAll()
      .where("state", "=", "scheduled")
      .where("send_at", "<=", now)
      .orderBy("send_at")
      .limit(20)
      .execute();
    let begun = 0;
    for (const text of due) {
      const done = await db.transaction().execute((trx) => begin(trx, text, undefined));
      if (done) begun += 1;
    }
    return begun;
  }

  return {
    ...claims,

    async create(text) {
      const id = await db.transaction().execute((trx) => createWith(trx, text));
      const [summary] = await summaries([(await getRow(db, id))!]);
      return summary!;
    },

    createIn: createWith,

    async recordAnswered(phone, kind, body) {
      const id = randomUUID();
      const at = isoAt(clock());
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("sms_texts")
          .values({
            id,
            kind,
            body,
            segments: countSegments(body).segments,
            created_at: at,
            created_by: null,
            send_at: at,
            any_hour: 1,
            state: "begun",
            cancelled_at: null,
            event_id: null,
            reminder_key: null,
            remind_at: null,
          })
          .execute();
        await trx
          .insertInto("sms_recipients")
          .values({
            id: `${id}:${phone}`,
            text_id: id,
            phone,
            status: "sent",
            status_at: at,
            handed_at: at,
            delivery_status: "sent",
            delivered_at: at,
            attempts: 1,
            next_attempt_at: at,
          })
          .execute();
      });
    },

    beginDue,

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
      await beginDue();
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
      const hours = await sendHoursWith(db);
      const ready: ClaimedRecipient[] = [];
      for (const row of claimed) {
        const text = textOf.get(row.text_id);
        // A retry (or a claim) may come outside the hours: the number waits for its next turn.
        // (A row handed out before is deferred too: its lookup at the provider waits with it.)
        const turn = text && text.any_hour !== 1 ? turnOf(row.phone, nowMs, false, hours) : nowMs;
        // An event reminder never goes after its time: one the closed hours would hold past it
        // (a retry) ends. (One handed out before waits as any: its lookup may find it sent.)
        const pastReminder =
          text?.remind_at && turn !== null && turn > nowMs && turn > Date.parse(text.remind_at);
        if (pastReminder && row.handed_at === null) {
          await db
            .updateTable("sms_recipients")
            .set({
              status: "cancelled",
              status_at: isoAt(nowMs),
              last_error: "its sending hours closed before the reminder's time",
              delivery_status: "sent",
              claimed_by: null,
              claim_expires_at: null,
            })
            .where("id", "=", row.id)
            .where("claimed_by", "=", claim)
            .where("delivery_status", "=", "pending")
            .execute();
          continue;
        }
        if (text && turn !== null && turn > nowMs) {
          await db
            .updateTable("sms_recipients")
            .set({
              status: "waiting",
              next_attempt_at: isoAt(turn),
              claimed_by: null,
              claim_expires_at: null,
            })
            .where("id", "=", row.id)
            .where("claimed_by", "=", claim)
            .where("delivery_status", "=", "pending")
            .execute();
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

    // The sender's records above finish each row; the outbox's call after them changes nothing.
    markSent: () => Promise.resolve(true),

    // Through the group commit: a burst of hand-overs and reports costs one commit.
    recordAccepted: (id, claim, sid, providerStatus) =>
      group.run(async (trx) => {
        const done = await finish(trx, id, claim, {
          provider_sid: sid,
          status: shownStatus(providerStatus) ?? "queued",
        });
        await applyEarlyReports(trx, sid);
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
      group.run(async (trx) => {
        // One statement in the usual case: the sid is known and the report moves it forward.
        if (await applyKnown(trx, sid, providerStatus, errorCode)) return true;
        const known = await trx
          .selectFrom("sms_recipients")
          .select("id")
          .where("provider_sid", "=", sid)
          .executeTakeFirst();
        if (known || STATUS_RANK[providerStatus] === undefined) return false;
        // Kept until the answer that names this sid is recorded (see sms_early_reports).
        await trx
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
        await applyEarlyReports(trx, sid);
        return false;
      }),

    async cancel(id) {
      try {
        return await db.transaction().execute(async (trx) => {
          const text = await getRow(trx, id);
          if (!text) return "not_found" as const;
          if (text.kind === "reminder") return "reminder" as const;
          if (text.state === "cancelled") return "cancelled" as const;
          const at = isoAt(clock());
          await trx
            .updateTable("sms_texts")
            .set({ state: "cancelled", cancelled_at: at })
            .where("id", "=", id)
            .execute();
          // A recipient not yet handed out stops here; claimDue never hands out a cancelled one.
          await trx
            .updateTable("sms_recipients")
            .set({ status: "cancelled", status_at: at, delivery_status: "sent" })
            .where("text_id", "=", id)
            .where("handed_at", "is", null)
            .where("delivery_status", "=", "pending")
            .where("status", "in", ["scheduled", "waiting"])
            .execute();
          const begun = await trx
            .selectFrom("sms_recipients")
            .select("id")
            .where("text_id", "=", id)
            .where("status", "!=", "cancelled")
            .limit(1)
            .executeTakeFirst();
          // Once any recipient was due (queued) or handed over, the text has begun: undo all.
          if (begun) throw new TextBegun();
          return "cancelled" as const;
        });
      } catch (error) {
        if (error instanceof TextBegun) return "begun";
        throw error;
      }
    },

    async list(limit = 100) {
      const rows = await db
        .selectFrom("sms_texts")
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return summaries(rows);
    },

    async reminders(eventId) {
      const rows = await db
        .selectFrom("sms_texts")
        .selectAll()
        .where("kind", "=", "reminder")
        .where("event_id", "=", eventId)
        .orderBy("send_at")
        .execute();
      const listed = await summaries(rows);
      return listed.map((summary, index) => ({
        ...summary,
        reminderKey: rows[index]!.reminder_key ?? "",
        remindAt: rows[index]!.remind_at,
      }));
    },

    async get(id) {
      const row = await getRow(db, id);
      if (!row) return undefined;
      const [summary] = await summaries([row]);
      const recipients = await db
        .selectFrom("sms_recipients")
        .select(["phone", "status", "error_code", "last_error", "status_at"])
        .where("text_id", "=", id)
        .orderBy("phone")
        .execute();
      return {
        ...summary!,
        recipientList: recipients.map((recipient) => ({
          phone: recipient.phone,
          status: recipient.status as RecipientStatus,
          error: recipient.error_code ?? null,
          statusAt: recipient.status_at,
        })),
      };
    },

    async subscribedCount() {
      const row = await db
        .selectFrom("sms_subscribers")
        .select((eb) => eb.fn.countAll<string | number>().as("count"))
        .where("status", "=", "subscribed")
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async isSubscribed(phone) {
      const row = await db
        .selectFrom("sms_subscribers")
        .select("status")
        .where("phone", "=", phone)
        .executeTakeFirst();
      return row?.status === "subscribed";
    },

    async textsTo(phone) {
      const rows = await deliveries()
        .where("sms_recipients.phone", "=", phone)
        .orderBy("sms_recipients.next_attempt_at")
        .orderBy("sms_recipients.id")
        .execute();
      return rows.map(toDelivery);
    },

    async *eachDelivery(pageSize = 500) {
      let after: { due: string; id: string } | null = null;
      for (;;) {
        const cursor: { due: string; id: string } | null = after;
        const rows: DeliveryRow[] = await deliveries()
          .$if(cursor !== null, (query) =>
            query.where((eb) =>
              eb.or([
                eb("sms_recipients.next_attempt_at", ">", cursor!.due),
                eb.and([
                  eb("sms_recipients.next_attempt_at", "=", cursor!.due),
                  eb("sms_recipients.id", ">", cursor!.id),
                ]),
              ]),
            ),
          )
          .orderBy("sms_recipients.next_attempt_at")
          .orderBy("sms_recipients.id")
          .limit(pageSize)
          .execute();
        for (const row of rows) yield toDelivery(row);
        const last: DeliveryRow | undefined = rows[rows.length - 1];
        if (!last || rows.length < pageSize) return;
        after = { due: last.next_attempt_at, id: last.id };
      }
    },

    async addReply(phone, body, providerSid) {
      await db
        .insertInto("sms_replies")
        .values({
          id: randomUUID(),
          phone,
          body,
          provider_sid: providerSid,
          received_at: isoAt(clock()),
        })
        .execute();
    },

    async replies(limit = 100) {
      const rows = await db
        .selectFrom("sms_replies")
        .selectAll()
        .orderBy("received_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        phone: row.phone,
        body: row.body,
        receivedAt: row.received_at,
      }));
    },

    sendHours: () => sendHoursWith(db),

    async setSendHours(hours) {
      const at = isoAt(clock());
      await db
        .insertInto("sms_settings")
        .values({ id: SETTINGS_ID, send_from: hours.from, send_to: hours.to, updated_at: at })
        .onConflict((conflict) =>
          conflict
            .column("id")
            .doUpdateSet({ send_from: hours.from, send_to: hours.to, updated_at: at }),
        )
        .execute();
      return hours;
    },
  };
}

class TextBegun extends Error {}
