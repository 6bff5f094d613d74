import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import {
  DEFAULT_SEND_HOURS,
  nextAllowedAt,
  zonesFor,
  type SendHours,
} from "../../common/sms-hours.js";
import type { RecipientStatus, TextKind } from "../../common/texts.js";
import type { Executor } from "../db/database.js";
import type { Database, SmsTextsTable } from "../db/schema.js";
import { isoAt } from "../db/time.js";
import { numberTurn } from "./reminder-times.js";

/**
 * Storing a text and its recipients: each number gets its turn (at once, or the next minute its
 * sending hours allow, in the site's zone and the number's), a scheduled text gets its
 * recipients when it begins, once, whichever instance begins it.
 */

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

/** Recipients per insert: on SQLite about a millisecond of the thread each (bench:texts). */
const INSERT_CHUNK = 250;
const SETTINGS_ID = "sms";

export interface TextStoring {
  /** Stores a text inside the caller's transaction, with its recipients when it is due; its id. */
  createIn(trx: Transaction<Database>, text: NewText): Promise<string>;
  /** Stores the recipients of scheduled texts now due (once each, whoever runs it). */
  beginDue(): Promise<number>;
  /** When a number's turn comes: at `due`, or the next minute its sending hours allow. */
  turnOf(phone: string, due: number, anyHour: boolean, hours: SendHours): number | null;
  sendHoursIn(executor: Executor): Promise<SendHours>;
  setSendHours(hours: SendHours): Promise<SendHours>;
}

export function createTextStoring(
  db: Kysely<Database>,
  clock: () => number,
  siteZone: string,
): TextStoring {
  const sendHoursIn = async (executor: Executor): Promise<SendHours> => {
    const row = await executor
      .selectFrom("sms_settings")
      .select(["send_from", "send_to"])
      .where("id", "=", SETTINGS_ID)
      .executeTakeFirst();
    return row ? { from: row.send_from, to: row.send_to } : DEFAULT_SEND_HOURS;
  };

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
    const hours = await sendHoursIn(trx);
    const nowMs = clock();
    const at = isoAt(nowMs);
    const remindAt = text.remind_at === null ? null : Date.parse(text.remind_at);
    const byZone = new Map<string, number | null>();
    const rowFor = (phone: string) => {
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
    };
    // Each chunk's rows are made just before its insert, so they die young, instead of thousands
    // of them living through the whole insert (about 100 ms for 5,000) and into the old heap.
    for (let start = 0; start < phones.length; start += INSERT_CHUNK) {
      // SQLite writes block the thread: between chunks the pages' thread answers what came in.
      if (start > 0) await new Promise((resumed) => setImmediate(resumed));
      await trx
        .insertInto("sms_recipients")
        .values(phones.slice(start, start + INSERT_CHUNK).map(rowFor))
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

  return {
    async createIn(trx, text) {
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
    },

    async beginDue() {
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
    },

    turnOf,
    sendHoursIn,

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
