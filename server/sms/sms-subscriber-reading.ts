import type { Kysely, Selectable } from "kysely";
import type {
  SmsConsentEvent,
  SmsStatus,
  SmsSubscriber,
  SmsSubscriberPage,
} from "../../common/sms.js";
import type { Executor } from "../db/database.js";
import type { Database, SmsConsentEventsTable, SmsSubscribersTable } from "../db/schema.js";

/** The subscribers and their consent history as staff read and export them. */
export interface SubscriberReading {
  get(phone: string): Promise<SmsSubscriber | undefined>;
  getById(id: string): Promise<SmsSubscriber | undefined>;
  /** One page, latest consent first; `before` is a cursor from a previous page. */
  list(options: { limit: number; before?: string }): Promise<SmsSubscriberPage>;
  /** Every subscriber in list order, read page by page (the CSV export streams it). */
  each(pageSize?: number): AsyncGenerator<SmsSubscriber>;
  /** A number's consent history, oldest first. */
  history(phone: string): Promise<SmsConsentEvent[]>;
  /** The whole consent history, oldest first, read page by page (its CSV export streams it). */
  eachEvent(pageSize?: number): AsyncGenerator<SmsConsentEvent>;
}

function toSubscriber(row: Selectable<SmsSubscribersTable>): SmsSubscriber {
  return {
    id: row.id,
    phone: row.phone,
    status: row.status as SmsStatus,
    consentedAt: row.consented_at,
    consentText: row.consent_text,
    consentVersion: row.consent_version,
    source: row.source,
    clientAddress: row.client_address,
    userAgent: row.user_agent,
    createdAt: row.created_at,
    unsubscribedAt: row.unsubscribed_at,
    updatedAt: row.updated_at,
  };
}

function toEvent(row: Selectable<SmsConsentEventsTable>): SmsConsentEvent {
  return {
    id: row.id,
    phone: row.phone,
    kind: row.kind as SmsConsentEvent["kind"],
    channel: row.channel as SmsConsentEvent["channel"],
    occurredAt: row.occurred_at,
    statusAfter: row.status_after as SmsConsentEvent["statusAfter"],
    consentText: row.consent_text,
    consentVersion: row.consent_version,
    source: row.source,
    clientAddress: row.client_address,
    userAgent: row.user_agent,
    how: (row.how ?? null) as SmsConsentEvent["how"],
  };
}

function encodeCursor(row: { consented_at: string; id: string }): string {
  return `${row.consented_at}|${row.id}`;
}

function decodeCursor(cursor: string): { consentedAt: string; id: string } | null {
  const bar = cursor.indexOf("|");
  if (bar <= 0) return null;
  return { consentedAt: cursor.slice(0, bar), id: cursor.slice(bar + 1) };
}

/** The subscriber of `phone` as `executor` (the database, or a transaction) sees it. */
export async function subscriberIn(
  executor: Executor,
  phone: string,
): Promise<SmsSubscriber | undefined> {
  const row = await executor
    .selectFrom("sms_subscribers")
    .selectAll()
    .where("phone", "=", phone)
    .executeTakeFirst();
  return row ? toSubscriber(row) : undefined;
}

export function createSubscriberReading(db: Kysely<Database>): SubscriberReading {
  const page = async (limit: number, before: string | undefined) => {
    const cursor = before === undefined ? null : decodeCursor(before);
    const rows = await db
      .selectFrom("sms_subscribers")
      .selectAll()
      .$if(cursor !== null, (query) =>
        query.where((eb) =>
          eb.or([
            eb("consented_at", "<", cursor!.consentedAt),
            eb.and([eb("consented_at", "=", cursor!.consentedAt), eb("id", "<", cursor!.id)]),
          ]),
        ),
      )
      .orderBy("consented_at", "desc")
      .orderBy("id", "desc")
      .limit(limit + 1)
      .execute();
    const shown = rows.slice(0, limit);
    const last = shown[shown.length - 1];
    return {
      subscribers: shown.map(toSubscriber),
      nextBefore: rows.length > limit && last ? encodeCursor(last) : null,
    };
  };

  const list: SubscriberReading["list"] = async ({ limit, before }) => {
    const counted = await db
      .selectFrom("sms_subscribers")
      .select(["status", (eb) => eb.fn.countAll<string | number>().as("count")])
      .groupBy("status")
      .execute();
    const count = (status: SmsStatus) =>
      Number(counted.find((row) => row.status === status)?.count ?? 0);
    return {
      ...(await page(limit, before)),
      counts: { subscribed: count("subscribed"), unsubscribed: count("unsubscribed") },
    };
  };

  return {
    get: (phone) => subscriberIn(db, phone),

    async getById(id) {
      const row = await db
        .selectFrom("sms_subscribers")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      return row ? toSubscriber(row) : undefined;
    },

    list,

    async *each(pageSize = 500) {
      let before: string | undefined;
      for (;;) {
        const next = await page(pageSize, before);
        yield* next.subscribers;
        if (!next.nextBefore) return;
        before = next.nextBefore;
      }
    },

    async *eachEvent(pageSize = 500) {
      let after: { occurredAt: string; id: string } | null = null;
      for (;;) {
        const cursor: { occurredAt: string; id: string } | null = after;
        const rows: Array<Selectable<SmsConsentEventsTable>> = await db
          .selectFrom("sms_consent_events")
          .selectAll()
          .$if(cursor !== null, (query) =>
            query.where((eb) =>
              eb.or([
                eb("occurred_at", ">", cursor!.occurredAt),
                eb.and([eb("occurred_at", "=", cursor!.occurredAt), eb("id", ">", cursor!.id)]),
              ]),
            ),
          )
          .orderBy("occurred_at", "asc")
          .orderBy("id", "asc")
          .limit(pageSize)
          .execute();
        for (const row of rows) yield toEvent(row);
        const last: Selectable<SmsConsentEventsTable> | undefined = rows[rows.length - 1];
        if (!last || rows.length < pageSize) return;
        after = { occurredAt: last.occurred_at, id: last.id };
      }
    },

    async history(phone) {
      const rows = await db
        .selectFrom("sms_consent_events")
        .selectAll()
        .where("phone", "=", phone)
        .orderBy("occurred_at", "asc")
        .orderBy("id", "asc")
        .execute();
      return rows.map(toEvent);
    },
  };
}
