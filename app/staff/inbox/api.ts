import { apiJson } from "~/lib/api";
import { STAFF_PAGE_SIZE } from "~/components/staff";
import type { ContactMessagePage, ContactMessageRecord } from "#common/contact";

/** Calls behind the staff inbox. Every failure is an `ApiError` (401 when the session ended). */

/** One page of messages, newest first; pass the previous page's `nextBefore` for older ones. */
export function listMessages(
  before?: string,
  signal?: AbortSignal,
  limit: number = STAFF_PAGE_SIZE,
): Promise<ContactMessagePage> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (before) query.set("before", before);
  return apiJson<ContactMessagePage>(`/api/admin/messages?${query}`, { signal });
}

export function retryMessage(id: string): Promise<ContactMessageRecord> {
  return apiJson<ContactMessageRecord>(`/api/admin/messages/${encodeURIComponent(id)}/retry`, {
    method: "POST",
  });
}

export function setSpam(id: string, spam: boolean): Promise<ContactMessageRecord> {
  return apiJson<ContactMessageRecord>(`/api/admin/messages/${encodeURIComponent(id)}`, {
    method: "PATCH",
    json: { spam },
  });
}
