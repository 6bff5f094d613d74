import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import {
  Field,
  PagedList,
  StaffTable,
  StaffTime,
  useFocusAfterAppend,
  useStaffSession,
} from "~/components/staff";
import { useAnnounce } from "~/lib/live-region";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditEntry,
} from "#common/audit";
import { auditCsvUrl, listAudit, type AuditFilters } from "./api";
import styles from "~/components/staff/Staff.module.css";
import own from "./AdminAudit.module.css";

export const AUDIT_TEXT = {
  loading: "Loading the audit log...",
  empty: "No entries match.",
  loadFailed: "Could not load the audit log. Please try again.",
  action: "Action",
  anyAction: "Any action",
  actor: "Person (part of the email)",
  apply: "Show entries",
  exportCsv: "Export CSV",
  more: "Show more entries",
  loadingMore: "Loading more entries...",
} as const;

type Load =
  | { state: "loading" }
  | { state: "failed" }
  | { state: "ready"; entries: AuditEntry[]; nextBefore: string | null };

const rowId = (entry: AuditEntry) => `audit-${entry.id}`;
const NO_FILTERS: AuditFilters = { action: "", actor: "" };

/**
 * The audit log (owner and administrators): who did what, when and from where, newest first,
 * filtered by action and person, and exported as CSV with the same filters.
 */
export function AdminAuditPage() {
  const { handleAuthError } = useStaffSession();
  const announce = useAnnounce();
  const focusEntry = useFocusAfterAppend();
  const id = useId();
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [load, setLoad] = useState<Load>({ state: "loading" });

  const failed = useCallback(
    (caught: unknown) => {
      if (handleAuthError(caught)) return;
      console.error(AUDIT_TEXT.loadFailed, caught);
      setLoad({ state: "failed" });
    },
    [handleAuthError],
  );

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: "loading" });
    listAudit(filters, undefined, controller.signal).then(
      (page) => {
        setLoad({ state: "ready", ...page });
        announce(`${page.entries.length}${page.nextBefore ? " or more" : ""} entries shown.`);
      },
      (caught: unknown) => {
        if (!controller.signal.aborted) failed(caught);
      },
    );
    return () => controller.abort();
  }, [filters, failed, announce]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...draft });
  };

  const showMore = async () => {
    if (load.state !== "ready" || !load.nextBefore) return;
    try {
      const page = await listAudit(filters, load.nextBefore);
      setLoad({
        state: "ready",
        entries: [...load.entries, ...page.entries],
        nextBefore: page.nextBefore,
      });
      const first = page.entries[0];
      if (first) focusEntry(rowId(first));
      announce(`${page.entries.length} more entries shown.`);
    } catch (caught) {
      failed(caught);
    }
  };

  return (
    <>
      <form className={own.filters} onSubmit={apply} aria-label="Filter the audit log">
        <div className={own.field}>
          <label className={own.label} htmlFor={`${id}-action`}>
            {AUDIT_TEXT.action}
          </label>
          <select
            id={`${id}-action`}
            className={own.input}
            value={draft.action}
            onChange={(event) =>
              setDraft({ ...draft, action: event.target.value as AuditAction | "" })
            }
          >
            <option value="">{AUDIT_TEXT.anyAction}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </select>
        </div>
        <Field
          className={own.field}
          id={`${id}-actor`}
          label={AUDIT_TEXT.actor}
          type="search"
          maxLength={254}
          value={draft.actor}
          onChange={(event) => setDraft({ ...draft, actor: event.target.value })}
        />
        <button type="submit" className={own.apply}>
          {AUDIT_TEXT.apply}
        </button>
        <a className={styles.buttonLink} href={auditCsvUrl(filters)} download>
          {AUDIT_TEXT.exportCsv}
        </a>
      </form>
      <PagedList
        state={load.state}
        items={load.state === "ready" ? load.entries : []}
        loading={AUDIT_TEXT.loading}
        failed={AUDIT_TEXT.loadFailed}
        empty={AUDIT_TEXT.empty}
        more={
          load.state === "ready" && load.nextBefore
            ? { label: AUDIT_TEXT.more, loadingLabel: AUDIT_TEXT.loadingMore, onShowMore: showMore }
            : null
        }
      >
        {(entries) => (
          <StaffTable
            label="Audit log table"
            caption="Audit log, newest first"
            columns={["Time", "Person", "Action", "What", "Address"]}
          >
            {entries.map((entry) => (
              <tr key={entry.id}>
                <th scope="row" id={rowId(entry)} tabIndex={-1}>
                  <StaffTime iso={entry.at} />
                </th>
                <td>{entry.actor ?? "Unknown"}</td>
                <td>
                  {AUDIT_ACTION_LABELS[entry.action] ?? entry.action}
                  {entry.detail ? ` (${entry.detail})` : ""}
                </td>
                <td className={own.address}>{entry.target ?? ""}</td>
                <td className={own.address}>{entry.clientAddress ?? ""}</td>
              </tr>
            ))}
          </StaffTable>
        )}
      </PagedList>
    </>
  );
}
