import { useCallback, useEffect, useState } from "react";
import {
  PagedList,
  ShowMore,
  StaffTable,
  StaffTime,
  useFocusAfterAppend,
  useStaffSession,
} from "~/components/staff";
import { useAnnounce } from "~/lib/live-region";
import { formatPhone } from "#common/phone";
import type { SmsSubscriber, SmsSubscriberPage } from "#common/sms";
import {
  CONSENT_HISTORY_CSV_URL,
  listSubscribers,
  SUBSCRIBERS_CSV_URL,
  subscriberHistory,
  type SubscriberHistory,
} from "./api";
import styles from "~/components/staff/Staff.module.css";

export const SUBSCRIBERS_TEXT = {
  loading: "Loading subscribers...",
  empty: "No one has subscribed yet.",
  loadFailed: "Could not load the subscribers. Please try again.",
  exportCsv: "Export CSV",
  exportHistory: "Export consent history (CSV)",
  refresh: "Refresh",
  more: "Show more subscribers",
  loadingMore: "Loading more subscribers...",
} as const;

type Load =
  | { state: "loading" }
  | { state: "failed" }
  | { state: "ready"; subscribers: SmsSubscriber[]; nextBefore: string | null; counts: Counts };

type Counts = SmsSubscriberPage["counts"];

const rowId = (subscriber: SmsSubscriber) => `subscriber-${subscriber.id}`;

const OPT_OUT_HOW: Readonly<Record<string, string>> = {
  keyword: "by texting a keyword",
  words: "in their own words",
  provider: "by the provider (they had stopped texts from the number)",
  staff: "by staff",
};

const TEXT_KINDS: Readonly<Record<string, string>> = {
  staff: "Text",
  confirmation: "Opt-in confirmation",
  opt_out_confirmation: "Opt-out confirmation",
  reminder: "Event reminder",
};

/** One line per event and text, oldest first. */
function historyLines(history: SubscriberHistory): Array<{ at: string; text: string }> {
  const events = history.events.map((event) => ({
    at: event.occurredAt,
    text:
      event.kind === "opt_in"
        ? `Opted in on ${event.source ?? "the web"} (consent version ${event.consentVersion ?? "unknown"})`
        : event.kind === "stop"
          ? `Opted out ${OPT_OUT_HOW[event.how ?? "keyword"] ?? "by texting a keyword"}`
          : "Subscribed again by texting START",
  }));
  const texts = history.texts.map((text) => ({
    at: text.at,
    text: `${TEXT_KINDS[text.kind] ?? "Text"}: ${text.status}${text.error ? ` (error ${text.error})` : ""}. "${text.body}"`,
  }));
  return [...events, ...texts].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

type OpenHistory = {
  subscriber: SmsSubscriber;
  history: SubscriberHistory | null;
  failed: boolean;
} | null;

const HISTORY_REGION = "subscriber-history";

const SUBSCRIBER_COLUMNS = [
  "Phone number",
  "Status",
  "Consent time",
  "Source",
  "Consent version",
  "History",
];

/** The history of the subscriber whose History button was pressed, below the table. */
function HistoryRegion({ open }: { open: OpenHistory }) {
  return (
    <section id={HISTORY_REGION} aria-labelledby={`${HISTORY_REGION}-heading`} hidden={!open}>
      {open ? (
        <>
          <h2 id={`${HISTORY_REGION}-heading`} className={styles.sectionHeading} tabIndex={-1}>
            History of {formatPhone(open.subscriber.phone)}
          </h2>
          {open.failed ? (
            <p role="alert" className={styles.alert}>
              Could not load the history.
            </p>
          ) : !open.history ? (
            <p role="status" className={styles.muted}>
              Loading the history...
            </p>
          ) : (
            <ol>
              {historyLines(open.history).map((line, index) => (
                <li key={index}>
                  <StaffTime iso={line.at} />: {line.text}
                </li>
              ))}
            </ol>
          )}
        </>
      ) : null}
    </section>
  );
}

function Subscribers({ handleAuthError }: { handleAuthError: (error: unknown) => boolean }) {
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [openHistory, setOpenHistory] = useState<OpenHistory>(null);

  const toggleHistory = async (subscriber: SmsSubscriber) => {
    if (openHistory?.subscriber.id === subscriber.id) {
      setOpenHistory(null);
      return;
    }
    setOpenHistory({ subscriber, history: null, failed: false });
    try {
      const history = await subscriberHistory(subscriber.id);
      setOpenHistory({ subscriber, history, failed: false });
      // The history opens below the table: take the reader there.
      requestAnimationFrame(() => document.getElementById(`${HISTORY_REGION}-heading`)?.focus());
    } catch (caught) {
      if (handleAuthError(caught)) return;
      setOpenHistory({ subscriber, history: null, failed: true });
    }
  };
  const announce = useAnnounce();
  const focusEntry = useFocusAfterAppend();

  const failed = useCallback(
    (caught: unknown) => {
      if (handleAuthError(caught)) return;
      console.error(SUBSCRIBERS_TEXT.loadFailed, caught);
      setLoad({ state: "failed" });
    },
    [handleAuthError],
  );

  const refresh = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setLoad({ state: "ready", ...(await listSubscribers(undefined, signal)) });
      } catch (caught) {
        if (signal?.aborted) return;
        failed(caught);
      }
    },
    [failed],
  );

  useEffect(() => {
    const controller = new AbortController();
    void refresh(controller.signal);
    return () => controller.abort();
  }, [refresh]);

  const showMore = async () => {
    if (load.state !== "ready" || !load.nextBefore) return;
    try {
      const page = await listSubscribers(load.nextBefore);
      const subscribers = [...load.subscribers, ...page.subscribers];
      setLoad({ state: "ready", ...page, subscribers });
      const first = page.subscribers[0];
      if (first) focusEntry(rowId(first));
      announce(
        `${page.subscribers.length} more shown: ${subscribers.length} of ${page.counts.subscribed + page.counts.unsubscribed} subscribers.`,
      );
    } catch (caught) {
      failed(caught);
    }
  };

  const counts = load.state === "ready" ? load.counts : { subscribed: 0, unsubscribed: 0 };
  const total = counts.subscribed + counts.unsubscribed;
  const shown = load.state === "ready" ? load.subscribers.length : 0;

  return (
    <>
      <div className={styles.toolbar}>
        <a className={styles.buttonLink} href={SUBSCRIBERS_CSV_URL} download>
          {SUBSCRIBERS_TEXT.exportCsv}
        </a>
        <a className={styles.buttonLink} href={CONSENT_HISTORY_CSV_URL} download>
          {SUBSCRIBERS_TEXT.exportHistory}
        </a>
        <button type="button" className={styles.secondaryButton} onClick={() => void refresh()}>
          {SUBSCRIBERS_TEXT.refresh}
        </button>
        {load.state === "ready" && total > 0 ? (
          <p className={styles.summary}>
            {counts.subscribed} subscribed, {counts.unsubscribed} unsubscribed
            {shown < total ? ` (showing ${shown})` : ""}
          </p>
        ) : null}
      </div>
      <PagedList
        state={load.state}
        items={load.state === "ready" ? load.subscribers : []}
        loading={SUBSCRIBERS_TEXT.loading}
        failed={SUBSCRIBERS_TEXT.loadFailed}
        empty={SUBSCRIBERS_TEXT.empty}
      >
        {(subscribers) => (
          <StaffTable
            label="Subscriber table"
            caption="Subscribers, latest consent first"
            columns={SUBSCRIBER_COLUMNS}
          >
            {subscribers.map((subscriber) => (
              <tr key={subscriber.id}>
                <th scope="row" id={rowId(subscriber)} tabIndex={-1}>
                  <a href={`tel:${subscriber.phone}`}>{formatPhone(subscriber.phone)}</a>
                </th>
                <td>
                  {subscriber.status === "subscribed" ? "Subscribed" : "Unsubscribed"}
                  {subscriber.status === "unsubscribed" && subscriber.unsubscribedAt ? (
                    <>
                      {" "}
                      (<StaffTime iso={subscriber.unsubscribedAt} />)
                    </>
                  ) : null}
                </td>
                <td>
                  <StaffTime iso={subscriber.consentedAt} />
                </td>
                <td>{subscriber.source ?? "Unknown"}</td>
                <td>{subscriber.consentVersion}</td>
                <td>
                  <button
                    type="button"
                    className={styles.rowButton}
                    aria-expanded={openHistory?.subscriber.id === subscriber.id}
                    aria-controls={HISTORY_REGION}
                    onClick={() => void toggleHistory(subscriber)}
                    // A name of its own (not a visually hidden span: absolutely placed, it
                    // would escape the table's sideways scroll and widen the page).
                    aria-label={`History of ${formatPhone(subscriber.phone)}`}
                  >
                    History
                  </button>
                </td>
              </tr>
            ))}
          </StaffTable>
        )}
      </PagedList>
      {/* The history opens between the table and the next page's control. */}
      <HistoryRegion open={openHistory} />
      {load.state === "ready" && load.nextBefore ? (
        <ShowMore
          label={SUBSCRIBERS_TEXT.more}
          loadingLabel={SUBSCRIBERS_TEXT.loadingMore}
          onShowMore={showMore}
        />
      ) : null}
    </>
  );
}

/** Staff list of SMS subscribers with their consent records, and the CSV export. */
export function AdminSubscribersPage() {
  const { handleAuthError } = useStaffSession();
  return <Subscribers handleAuthError={handleAuthError} />;
}
