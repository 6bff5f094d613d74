import type { Kysely } from "kysely";
import type {
  RecipientStatus,
  SmsReply,
  TextDelivery,
  TextDetail,
  TextKind,
  TextStatus,
  TextSummary,
} from "../../common/texts.js";
import type { Executor } from "../db/database.js";
import type { Database, SmsTextsTable } from "../db/schema.js";

/**
 * What staff read of the texts: each text with its counts and state, its recipients, every text
 * a number was sent (its history, and the history CSV), the replies kept.
 */

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

export interface TextReading {
  /** The text's row as stored. */
  row(executor: Executor, id: string): Promise<SmsTextsTable | undefined>;
  /** Each row as staff see it: its state and its recipients counted by status. */
  summaries(rows: SmsTextsTable[]): Promise<TextSummary[]>;
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
  replies(limit?: number): Promise<SmsReply[]>;
}

/** A text's state as staff see it, from its row and its recipients still pending. */
function textStatus(state: string, pendingOther: number, pendingWaiting: number): TextStatus {
  if (state === "cancelled") return "cancelled";
  if (state === "scheduled") return "scheduled";
  if (pendingOther > 0) return "queued";
  if (pendingWaiting > 0) return "waiting";
  return "sent";
}

export function createTextReading(db: Kysely<Database>): TextReading {
  const row = (executor: Executor, id: string) =>
    executor.selectFrom("sms_texts").selectAll().where("id", "=", id).executeTakeFirst();

  const summaries = async (rows: SmsTextsTable[]): Promise<TextSummary[]> => {
    if (rows.length === 0) return [];
    const ids = rows.map((text) => text.id);
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
    return rows.map((text) => {
      const mine = counted.filter((entry) => entry.text_id === text.id);
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
      const status = textStatus(text.state, pendingOther, pendingWaiting);
      return {
        id: text.id,
        kind: text.kind as TextKind,
        body: text.body,
        segments: Number(text.segments),
        createdAt: text.created_at,
        createdBy: text.created_by,
        sendAt: text.send_at,
        status,
        waitingUntil: status === "waiting" ? waitingUntil : null,
        recipients,
        counts,
      };
    });
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

  const toDelivery = (delivery: DeliveryRow): TextDelivery => ({
    phone: delivery.phone,
    textId: delivery.text_id,
    kind: delivery.kind as TextKind,
    body: delivery.body,
    status: delivery.status as RecipientStatus,
    error: delivery.error_code,
    at: delivery.handed_at ?? delivery.next_attempt_at,
  });

  return {
    row,
    summaries,

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
      const text = await row(db, id);
      if (!text) return undefined;
      const [summary] = await summaries([text]);
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
      const counted = await db
        .selectFrom("sms_subscribers")
        .select((eb) => eb.fn.countAll<string | number>().as("count"))
        .where("status", "=", "subscribed")
        .executeTakeFirst();
      return Number(counted?.count ?? 0);
    },

    async isSubscribed(phone) {
      const subscriber = await db
        .selectFrom("sms_subscribers")
        .select("status")
        .where("phone", "=", phone)
        .executeTakeFirst();
      return subscriber?.status === "subscribed";
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
        for (const delivery of rows) yield toDelivery(delivery);
        const last: DeliveryRow | undefined = rows[rows.length - 1];
        if (!last || rows.length < pageSize) return;
        after = { due: last.next_attempt_at, id: last.id };
      }
    },

    async replies(limit = 100) {
      const rows = await db
        .selectFrom("sms_replies")
        .selectAll()
        .orderBy("received_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.map((reply) => ({
        id: reply.id,
        phone: reply.phone,
        body: reply.body,
        receivedAt: reply.received_at,
      }));
    },
  };
}
