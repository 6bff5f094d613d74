import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { SendHours } from "../../common/sms-hours.js";
import { countSegments } from "../../common/sms-segments.js";
import type { TextKind, TextSummary } from "../../common/texts.js";
import type { Dialect } from "../db/database.js";
import type { Database } from "../db/schema.js";
import { isoAt } from "../db/time.js";
import { createDeliveryReports } from "./texts-delivery-reports.js";
import { createTextHandover, type TextHandover } from "./texts-handover.js";
import { createTextReading, type TextReading } from "./texts-reading.js";
import { createTextStoring, type NewText } from "./texts-storing.js";

/**
 * The texts in the database, as one repository made of its parts: storing a text and its
 * recipients (texts-storing.ts), handing them to the provider once each and the delivery reports
 * (texts-handover.ts, texts-delivery-reports.ts), what staff read (texts-reading.ts). What is
 * here changes a text as a whole: creating, cancelling, an answer given in the webhook's reply,
 * a reply kept.
 */

/** "reminder": an event reminder follows its event (switched off in the event's editor). */
export type CancelOutcome = "cancelled" | "not_found" | "begun" | "reminder";

export interface TextsRepository extends TextHandover, Omit<TextReading, "row" | "summaries"> {
  create(text: NewText): Promise<TextSummary>;
  /** Stores a text inside another transaction (a confirmation with its opt-in); its id. */
  createIn(trx: Transaction<Database>, text: NewText): Promise<string>;
  /** An answer given in the webhook's own reply (TwiML): stored as handed over. */
  recordAnswered(phone: string, kind: TextKind, body: string): Promise<void>;
  /** Stores the recipients of scheduled texts now due (once each, whoever runs it). */
  beginDue(): Promise<number>;
  cancel(id: string): Promise<CancelOutcome>;
  addReply(phone: string, body: string, providerSid: string | null): Promise<void>;
  sendHours(): Promise<SendHours>;
  setSendHours(hours: SendHours): Promise<SendHours>;
}

export function createTextsRepository(
  db: Kysely<Database>,
  dialect: Dialect,
  clock: () => number,
  siteZone: string,
): TextsRepository {
  const storing = createTextStoring(db, clock, siteZone);
  const reading = createTextReading(db);
  const handover = createTextHandover(db, dialect, clock, storing, createDeliveryReports(clock));
  const { row, summaries, ...reads } = reading;

  return {
    ...handover,
    ...reads,

    async create(text) {
      const id = await db.transaction().execute((trx) => storing.createIn(trx, text));
      const [summary] = await summaries([(await row(db, id))!]);
      return summary!;
    },

    createIn: storing.createIn,
    beginDue: storing.beginDue,

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

    async cancel(id) {
      try {
        return await db.transaction().execute(async (trx) => {
          const text = await row(trx, id);
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

    sendHours: () => storing.sendHoursIn(db),
    setSendHours: storing.setSendHours,
  };
}

class TextBegun extends Error {}
