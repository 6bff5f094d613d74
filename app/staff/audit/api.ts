import { STAFF_PAGE_SIZE } from "~/components/staff";
import { apiJson } from "~/lib/api";
import type { AuditAction, AuditPage } from "#common/audit";

export interface AuditFilters {
  action: AuditAction | "";
  actor: string;
}

function filterQuery(filters: AuditFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.action) query.set("action", filters.action);
  if (filters.actor.trim()) query.set("actor", filters.actor.trim());
  return query;
}

/** One page of the audit log, newest first; `before` is the previous page's `nextBefore`. */
export function listAudit(
  filters: AuditFilters,
  before?: string,
  signal?: AbortSignal,
): Promise<AuditPage> {
  const query = filterQuery(filters);
  query.set("limit", String(STAFF_PAGE_SIZE));
  if (before) query.set("before", before);
  return apiJson<AuditPage>(`/api/audit?${query}`, { signal });
}

/** The CSV of every entry the filters keep (an attachment; same session cookie). */
export function auditCsvUrl(filters: AuditFilters): string {
  const query = filterQuery(filters).toString();
  return query ? `/api/audit.csv?${query}` : "/api/audit.csv";
}
