import { apiJson } from "~/lib/api";
import { STAFF_PAGE_SIZE } from "~/components/staff";
import type { SmsConsentEvent, SmsSubscriberPage } from "#common/sms";
import type { TextDelivery } from "#common/texts";

/** The CSV of every subscriber with their consent record (an attachment; same session cookie). */
export const SUBSCRIBERS_CSV_URL = "/api/admin/sms/subscribers.csv";
/** Every opt-in, STOP and START ever recorded, oldest first (an attachment). */
export const CONSENT_HISTORY_CSV_URL = "/api/admin/sms/consent-history.csv";

/** One page of subscribers, latest consent first; `before` is the previous page's `nextBefore`. */
export function listSubscribers(before?: string, signal?: AbortSignal): Promise<SmsSubscriberPage> {
  const query = new URLSearchParams({ limit: String(STAFF_PAGE_SIZE) });
  if (before) query.set("before", before);
  return apiJson<SmsSubscriberPage>(`/api/admin/sms/subscribers?${query}`, { signal });
}

/** A number's whole story: its consent events and every text it was sent, each oldest first. */
export interface SubscriberHistory {
  phone: string;
  events: SmsConsentEvent[];
  texts: TextDelivery[];
}

export function subscriberHistory(id: string): Promise<SubscriberHistory> {
  return apiJson<SubscriberHistory>(`/api/admin/sms/subscribers/${encodeURIComponent(id)}/history`);
}
