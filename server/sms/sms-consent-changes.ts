import { randomBytes, randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { SmsSubscriber } from "../../common/sms.js";
import type { Executor } from "../db/database.js";
import type { Database, SmsConsentEventsTable } from "../db/schema.js";
import { nowIso } from "../db/time.js";

/*
 * Consent as it changes: a web opt-in, an opt-out however it came, a START; each recorded as one
 * event in the history, with the number's row changed (if it has one) in the same transaction.
 */

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

export interface ConsentChanges {
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

export function createConsentChanges(
  db: Kysely<Database>,
  clock: () => number,
  /** The subscriber of a number as `executor` sees it (sms-subscriber-reading.ts). */
  subscriberIn: (executor: Executor, phone: string) => Promise<SmsSubscriber | undefined>,
  onSubscribed?: OnSubscribed,
): ConsentChanges {
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
        const subscriber = await subscriberIn(trx, consent.phone);
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
        const known = changed || (await subscriberIn(trx, phone)) !== undefined;
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
  };
}
