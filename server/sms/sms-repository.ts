import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { SmsStatus, SmsSubscriber } from "../../common/sms.js";
import type { Database, SmsSubscribersTable } from "../db/schema.js";

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

export interface SmsRepository {
  /**
   * Opts a number in with a fresh consent record. A new number is inserted (`created: true`);
   * a known one keeps its single row, is subscribed again and gets the new consent record.
   */
  subscribe(consent: ConsentRecord): Promise<{ created: boolean; subscriber: SmsSubscriber }>;
  /** STOP & co.: marks the number unsubscribed (time kept); false for an unknown number. */
  unsubscribe(phone: string): Promise<boolean>;
  /** START & co.: subscribes a known number again; false for an unknown number. */
  resubscribe(phone: string): Promise<boolean>;
  get(phone: string): Promise<SmsSubscriber | undefined>;
  /** Every subscriber, latest consent first. */
  list(): Promise<SmsSubscriber[]>;
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

export function createSmsRepository(db: Kysely<Database>, clock: () => number): SmsRepository {
  const now = () => new Date(clock()).toISOString();

  const get = async (phone: string) => {
    const row = await db
      .selectFrom("sms_subscribers")
      .selectAll()
      .where("phone", "=", phone)
      .executeTakeFirst();
    return row ? toSubscriber(row) : undefined;
  };

  return {
    async subscribe(consent) {
      const at = now();
      const fields = {
        status: "subscribed",
        consent_text: consent.consentText,
        consent_version: consent.consentVersion,
        consented_at: at,
        source: consent.source,
        client_address: consent.clientAddress,
        user_agent: consent.userAgent,
        unsubscribed_at: null,
        updated_at: at,
      };
      // Insert-or-nothing, then update: correct on both dialects even when the same number
      // arrives twice at once (the unique phone decides; the loser updates).
      const inserted = await db
        .insertInto("sms_subscribers")
        .values({ id: randomUUID(), phone: consent.phone, created_at: at, ...fields })
        .onConflict((conflict) => conflict.column("phone").doNothing())
        .executeTakeFirst();
      const created = Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
      if (!created) {
        await db
          .updateTable("sms_subscribers")
          .set(fields)
          .where("phone", "=", consent.phone)
          .execute();
      }
      const subscriber = await get(consent.phone);
      if (!subscriber) throw new Error("subscriber row vanished after upsert");
      return { created, subscriber };
    },

    async unsubscribe(phone) {
      const at = now();
      const result = await db
        .updateTable("sms_subscribers")
        .set((eb) => ({
          status: "unsubscribed",
          // A repeated STOP keeps the time of the first one.
          unsubscribed_at: eb.fn.coalesce("unsubscribed_at", eb.val(at)),
          updated_at: at,
        }))
        .where("phone", "=", phone)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async resubscribe(phone) {
      const at = now();
      const result = await db
        .updateTable("sms_subscribers")
        .set({ status: "subscribed", unsubscribed_at: null, updated_at: at })
        .where("phone", "=", phone)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    get,

    async list() {
      const rows = await db
        .selectFrom("sms_subscribers")
        .selectAll()
        .orderBy("consented_at", "desc")
        .orderBy("phone", "asc")
        .execute();
      return rows.map(toSubscriber);
    },
  };
}
