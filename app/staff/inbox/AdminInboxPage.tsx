import { useCallback, useEffect, useRef, useState } from "react";
import { useAnnounce } from "~/lib/live-region";
import { aboutCourse, type ContactMessageRecord } from "#common/contact";
import { listMessages, retryMessage, setSpam } from "./api";
import { PagedList, StaffTime, useFocusAfterAppend, useStaffSession } from "~/components/staff";
import styles from "~/components/staff/Staff.module.css";

export const INBOX_TEXT = {
  loading: "Loading messages...",
  empty: "No messages yet.",
  loadFailed: "Could not load the messages. Please try again.",
  actionFailed: "Could not update the message. Please try again.",
  refresh: "Refresh",
  older: "Show older messages",
  loadingOlder: "Loading older messages...",
  retry: "Retry now",
  markSpam: "Mark as spam",
  unmarkSpam: "Not spam",
} as const;

export function senderOf(message: ContactMessageRecord): string {
  return [message.firstName, message.lastName].filter(Boolean).join(" ") || "No name given";
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** The delivery status in words, as the list shows it. */
function StatusLine({ message }: { message: ContactMessageRecord }) {
  switch (message.status) {
    case "sent":
      return (
        <>
          <span className={`${styles.badge} ${styles.badgeSent}`}>Sent</span>{" "}
          {message.deliveredAt ? <StaffTime iso={message.deliveredAt} /> : null}
          {message.attempts > 1 ? ` after ${plural(message.attempts, "attempt")}` : null}
        </>
      );
    case "spam":
      return (
        <>
          <span className={`${styles.badge} ${styles.badgeSpam}`}>Spam</span>{" "}
          {message.spamReason === "honeypot"
            ? "caught by the bot trap; not delivered"
            : "marked by staff"}
        </>
      );
    case "failed":
      return (
        <>
          <span className={`${styles.badge} ${styles.badgeFailed}`}>Not delivered yet</span>{" "}
          {plural(message.attempts, "failed attempt")}
          {message.nextAttemptAt ? (
            <>
              ; next try <StaffTime iso={message.nextAttemptAt} />
            </>
          ) : null}
        </>
      );
    default:
      return <span className={`${styles.badge} ${styles.badgePending}`}>Pending</span>;
  }
}

function MessageItem({
  message,
  busy,
  onRetry,
  onSpam,
}: {
  message: ContactMessageRecord;
  busy: boolean;
  onRetry: (message: ContactMessageRecord) => void;
  onSpam: (message: ContactMessageRecord, spam: boolean) => void;
}) {
  const headingId = `message-${message.id}`;
  const undelivered = message.status === "pending" || message.status === "failed";
  return (
    <li className={styles.item}>
      <article aria-labelledby={headingId}>
        <header className={styles.itemHeader}>
          <h2 id={headingId} className={styles.itemHeading} tabIndex={-1}>
            {senderOf(message)}
          </h2>
          <p className={styles.meta}>
            {message.email ? (
              <a href={`mailto:${message.email}`}>{message.email}</a>
            ) : (
              "No email given"
            )}
            {" · "}
            <StaffTime iso={message.createdAt} />
          </p>
        </header>
        {message.course ? <p className={styles.meta}>{aboutCourse(message.course)}</p> : null}
        <p className={styles.messageBody}>{message.message || <em>(empty message)</em>}</p>
        <p className={styles.statusLine}>
          <StatusLine message={message} />
        </p>
        {message.lastError && message.status !== "sent" ? (
          <p className={styles.meta}>Last error: {message.lastError}</p>
        ) : null}
        <div className={styles.rowActions}>
          {undelivered ? (
            <button
              type="button"
              className={styles.rowButton}
              disabled={busy}
              onClick={() => onRetry(message)}
            >
              {INBOX_TEXT.retry}
            </button>
          ) : null}
          <button
            type="button"
            className={styles.rowButton}
            disabled={busy}
            onClick={() => onSpam(message, message.status !== "spam")}
          >
            {message.status === "spam" ? INBOX_TEXT.unmarkSpam : INBOX_TEXT.markSpam}
          </button>
        </div>
      </article>
    </li>
  );
}

type Load =
  | { state: "loading" }
  | { state: "failed" }
  | { state: "ready"; messages: ContactMessageRecord[]; nextBefore: string | null };

function Inbox({ handleAuthError }: { handleAuthError: (error: unknown) => boolean }) {
  const announce = useAnnounce();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<{ text: string; key: number } | null>(null);
  const followUp = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(followUp.current), []);

  const fail = useCallback(
    (caught: unknown, text: string) => {
      if (handleAuthError(caught)) return;
      console.error(text, caught);
      setError((previous) => ({ text, key: (previous?.key ?? 0) + 1 }));
    },
    [handleAuthError],
  );

  const refresh = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const page = await listMessages(undefined, signal);
        setLoad({ state: "ready", messages: page.messages, nextBefore: page.nextBefore });
        setError(null);
      } catch (caught) {
        if (signal?.aborted) return;
        setLoad((current) => (current.state === "ready" ? current : { state: "failed" }));
        fail(caught, INBOX_TEXT.loadFailed);
      }
    },
    [fail],
  );

  useEffect(() => {
    const controller = new AbortController();
    void refresh(controller.signal);
    return () => controller.abort();
  }, [refresh]);

  const replace = (record: ContactMessageRecord) =>
    setLoad((current) =>
      current.state === "ready"
        ? { ...current, messages: current.messages.map((m) => (m.id === record.id ? record : m)) }
        : current,
    );

  const act = async (
    message: ContactMessageRecord,
    work: () => Promise<ContactMessageRecord>,
    done: string,
  ) => {
    setBusy(message.id);
    setError(null);
    try {
      replace(await work());
      announce(done);
      // The worker delivers within moments; show the outcome without a manual refresh.
      window.clearTimeout(followUp.current);
      followUp.current = window.setTimeout(() => void refresh(), 1500);
    } catch (caught) {
      fail(caught, INBOX_TEXT.actionFailed);
    } finally {
      setBusy(null);
    }
  };

  const onRetry = (message: ContactMessageRecord) =>
    act(
      message,
      () => retryMessage(message.id),
      `Delivery of the message from ${senderOf(message)} will be tried now.`,
    );
  const onSpam = (message: ContactMessageRecord, spam: boolean) =>
    act(
      message,
      () => setSpam(message.id, spam),
      spam
        ? `Message from ${senderOf(message)} marked as spam.`
        : `Message from ${senderOf(message)} is no longer spam.`,
    );

  const focusEntry = useFocusAfterAppend();
  const showOlder = async () => {
    if (load.state !== "ready" || !load.nextBefore) return;
    try {
      const page = await listMessages(load.nextBefore);
      const messages = [...load.messages, ...page.messages];
      setLoad({ state: "ready", messages, nextBefore: page.nextBefore });
      const first = page.messages[0];
      if (first) focusEntry(`message-${first.id}`);
      announce(
        `${plural(page.messages.length, "older message")} shown` +
          (page.nextBefore
            ? `; ${plural(messages.length, "message")} in all so far.`
            : "; that is all of them."),
      );
    } catch (caught) {
      fail(caught, INBOX_TEXT.loadFailed);
    }
  };

  return (
    <>
      <div className={styles.toolbar}>
        <button type="button" className={styles.secondaryButton} onClick={() => void refresh()}>
          {INBOX_TEXT.refresh}
        </button>
      </div>
      {error ? (
        <p key={error.key} role="alert" className={styles.alert}>
          {error.text}
        </p>
      ) : null}
      <PagedList
        state={load.state}
        items={load.state === "ready" ? load.messages : []}
        loading={INBOX_TEXT.loading}
        empty={INBOX_TEXT.empty}
        more={
          load.state === "ready" && load.nextBefore
            ? {
                label: INBOX_TEXT.older,
                loadingLabel: INBOX_TEXT.loadingOlder,
                onShowMore: showOlder,
              }
            : null
        }
      >
        {(messages) => (
          <ol className={styles.list} aria-label="Messages, newest first">
            {messages.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                busy={busy === message.id}
                onRetry={onRetry}
                onSpam={onSpam}
              />
            ))}
          </ol>
        )}
      </PagedList>
    </>
  );
}

/** The staff inbox: every contact message, newest first, with its delivery status. */
export function AdminInboxPage() {
  const { handleAuthError } = useStaffSession();
  return <Inbox handleAuthError={handleAuthError} />;
}
