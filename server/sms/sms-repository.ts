import { randomBytes, randomUUID } from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import type {
  SmsConsentEvent,
  SmsStatus,
  SmsSubscriber,
  SmsSubscriberPage,
} from "../../common/sms.js";
import type { Executor } from "../db/database.js";
import type { Database, SmsConsentEventsTable, SmsSubscribersTable } from "../db/schema.js";
import { nowIso } from "../db/time.js";

/** Everything recorded when someone opts in on the web form. */
export interface ConsentRecord {
  /** E.164 number. */
  phone: string;
  consentText: string;
  consentVersion: string;
  source: string | null;
  clientAddress: string | null;
  userAgent: string | null;
}

/** How an opt-out came (sms_consent_events.how). */
export type OptOutHow = "keyword" | "words" | "provider" | "staff";

/**
 * Called inside the transaction that subscribes a number that was not subscribed (a new web
 * opt-in, START after a stop): the confirmation is stored with the opt-in or not at all.
 */
export type OnSubscribed = (trx: Transaction<Database>, phone: string) => Promise<void>;

export interface SubscribeOutcome {
  /** A row for this number did not exist before. */
  created: boolean;
  subscriber: SmsSubscriber;
}

export interface SmsRepository {
  /**
   * A web opt-in, always recorded in the history. A new number is subscribed; a subscribed one
   * gets the new consent record; a number that texted STOP stays unsubscribed until it texts
   * START (docs/product.md section 10), whatever the form says.
   */
  subscribe(consent: ConsentRecord): Promise<SubscribeOutcome>;
  /**
   * STOP & co. (or words, a provider's 21610, staff): recorded with how it came; a known
   * number becomes unsubscribed (first time kept).
   */
  unsubscribe(phone: string, how?: OptOutHow): Promise<boolean>;
  /** START & co.: recorded; a known number is subscribed again. False for an unknown number. */
  resubscribe(phone: string): Promise<boolean>;
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

let eventCounter = 0;
/**
 * History ids sort in the order this process wrote them (time, then a counter, then random
 * bits), so two events stamped with the same millisecond keep their order: the latest keyword
 * is the one written last.
 */
function eventId(): string {
  eventCounter = (eventCounter + 1) % 36 ** 6;
  return [
    Date.now().toString(36).padStart(9, "0"),
    eventCounter.toString(36).padStart(6, "0"),
    randomBytes(6).toString("hex"),
  ].join("-");
}

export function createSmsRepository(
  db: Kysely<Database>,
  clock: () => number,
  onSubscribed?: OnSubscribed,
): SmsRepository {
  const getWith = async (executor: Executor, phone: string) => {
    const row = await executor
      .selectFrom("sms_subscribers")
      .selectAll()
      .where("phone", "=", phone)
      .executeTakeFirst();
    return row ? toSubscriber(row) : undefined;
  };

  const record = (
    executor: Executor,
    event: Omit<
      SmsConsentEventsTable,
      "id" | "consent_text" | "consent_version" | "source" | "how"
    > &
      Partial<Pick<SmsConsentEventsTable, "consent_text" | "consent_version" | "source" | "how">>,
  ) =>
    executor
      .insertInto("sms_consent_events")
      .values({
        id: eventId(),
        consent_text: null,
        consent_version: null,
        source: null,
        how: null,
        ...event,
      })
      .execute();

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

  const list: SmsRepository["list"] = async ({ limit, before }) => {
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
    subscribe(consent) {
      return db.transaction().execute(async (trx) => {
        const at = nowIso(clock);
        const webEvent = {
          phone: consent.phone,
          kind: "opt_in",
          channel: "web",
          occurred_at: at,
          consent_text: consent.consentText,
          consent_version: consent.consentVersion,
          source: consent.source,
          client_address: consent.clientAddress,
          user_agent: consent.userAgent,
        } as const;
        const consentFields = {
          consent_text: consent.consentText,
          consent_version: consent.consentVersion,
          consented_at: at,
          source: consent.source,
          client_address: consent.clientAddress,
          user_agent: consent.userAgent,
          updated_at: at,
        };

        // Insert-or-nothing first (the unique phone decides when the same number arrives twice
        // at once); a write first also takes SQLite's write lock for the whole transaction.
        const inserted = await trx
          .insertInto("sms_subscribers")
          .values({
            id: randomUUID(),
            phone: consent.phone,
            created_at: at,
            status: "subscribed",
            unsubscribed_at: null,
            ...consentFields,
          })
          .onConflict((conflict) => conflict.column("phone").doNothing())
          .executeTakeFirst();
        const created = Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
        if (created) {
          // A number new to the form may still have texted STOP: its latest keyword decides.
          const lastKeyword = await trx
            .selectFrom("sms_consent_events")
            .select(["kind", "occurred_at"])
            .where("phone", "=", consent.phone)
            .where("kind", "in", ["stop", "start"])
            .orderBy("occurred_at", "desc")
            .orderBy("id", "desc")
            .limit(1)
            .executeTakeFirst();
          if (lastKeyword?.kind === "stop") {
            await trx
              .updateTable("sms_subscribers")
              .set({ status: "unsubscribed", unsubscribed_at: lastKeyword.occurred_at })
              .where("phone", "=", consent.phone)
              .execute();
          }
        } else {
          // Only a subscribed number takes the new consent record; a STOP stands.
          await trx
            .updateTable("sms_subscribers")
            .set(consentFields)
            .where("phone", "=", consent.phone)
            .where("status", "=", "subscribed")
            .execute();
        }
        const subscriber = await getWith(trx, consent.phone);
        if (!subscriber) throw new Error("subscriber row vanished after upsert");
        await record(trx, { ...webEvent, status_after: subscriber.status });
        // Only a number new to the list gets the confirmation; a subscribed one already had it.
        if (created && subscriber.status === "subscribed") await onSubscribed?.(trx, consent.phone);
        return { created, subscriber };
      });
    },

    unsubscribe(phone, how = "keyword") {
      return db.transaction().execute(async (trx) => {
        const at = nowIso(clock);
        const result = await trx
          .updateTable("sms_subscribers")
          .set((eb) => ({
            status: "unsubscribed",
            // A repeated STOP keeps the time of the first one.
            unsubscribed_at: eb.fn.coalesce("unsubscribed_at", eb.val(at)),
            updated_at: at,
          }))
          .where("phone", "=", phone)
          .executeTakeFirst();
        const known = Number(result.numUpdatedRows) > 0;
        // Recorded for an unknown number too: a later web opt-in must not override it.
        await record(trx, {
          phone,
          kind: "stop",
          channel: how === "staff" ? "web" : "sms",
          occurred_at: at,
          how,
          status_after: known ? "unsubscribed" : "none",
          client_address: null,
          user_agent: null,
        });
        return known;
      });
    },

    resubscribe(phone) {
      return db.transaction().execute(async (trx) => {
        const at = nowIso(clock);
        // Where-status first: of two STARTs at once, one changes the row (and confirms).
        const result = await trx
          .updateTable("sms_subscribers")
          .set({ status: "subscribed", unsubscribed_at: null, updated_at: at })
          .where("phone", "=", phone)
          .where("status", "=", "unsubscribed")
          .executeTakeFirst();
        const changed = Number(result.numUpdatedRows) > 0;
        const known = changed || (await getWith(trx, phone)) !== undefined;
        if (changed) await onSubscribed?.(trx, phone);
        await record(trx, {
          phone,
          kind: "start",
          channel: "sms",
          occurred_at: at,
          status_after: known ? "subscribed" : "none",
          client_address: null,
          user_agent: null,
        });
        return known;
      });
    },

    get: (phone) => getWith(db, phone),

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
