import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import {
  createConsentChanges,
  type ConsentChanges,
  type OnSubscribed,
} from "./sms-consent-changes.js";
import {
  createSubscriberReading,
  subscriberIn,
  type SubscriberReading,
} from "./sms-subscriber-reading.js";

/**
 * The SMS opt-in's subscribers: consent as it changes (sms-consent-changes.ts) and as staff read
 * it (sms-subscriber-reading.ts).
 */
export interface SmsRepository extends ConsentChanges, SubscriberReading {}

export function createSmsRepository(
  db: Kysely<Database>,
  clock: () => number,
  onSubscribed?: OnSubscribed,
): SmsRepository {
  return {
    ...createConsentChanges(db, clock, subscriberIn, onSubscribed),
    ...createSubscriberReading(db),
  };
}
