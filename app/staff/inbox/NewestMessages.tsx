import { useEffect, useState } from "react";
import { Link } from "react-router";
import { StaffTime, useStaffSession } from "~/components/staff";
import type { ContactMessageRecord } from "#common/contact";
import { listMessages } from "./api";
import { INBOX_TEXT, senderOf } from "./AdminInboxPage";
import styles from "~/components/staff/Staff.module.css";

/** How many messages the staff home shows; the inbox has the rest. */
export const NEWEST_MESSAGES = 5;

/** The first line of a message, cut to a preview. */
function preview(text: string): string {
  const line = text.trim().split("\n")[0] ?? "";
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

/**
 * The staff home's newest contact messages (docs/product.md 5.6), from the inbox's own API
 * (GET /api/admin/messages?limit=5). Render it only for roles that may read the inbox: the
 * server refuses the others (403).
 */
export function NewestMessages() {
  const { handleAuthError } = useStaffSession();
  const [state, setState] = useState<
    { status: "loading" } | { status: "failed" } | { status: "ready"; data: ContactMessageRecord[] }
  >({ status: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    listMessages(undefined, controller.signal, NEWEST_MESSAGES).then(
      (page) => setState({ status: "ready", data: page.messages }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        handleAuthError(error);
        setState({ status: "failed" });
      },
    );
    return () => controller.abort();
  }, [handleAuthError]);

  return (
    <section aria-labelledby="newest-messages">
      <h2 id="newest-messages">Newest messages</h2>
      {state.status === "loading" ? <p role="status">{INBOX_TEXT.loading}</p> : null}
      {state.status === "failed" ? (
        <p className={styles.alert} role="alert">
          {INBOX_TEXT.loadFailed}
        </p>
      ) : null}
      {state.status === "ready" && state.data.length === 0 ? <p>{INBOX_TEXT.empty}</p> : null}
      {state.status === "ready" && state.data.length > 0 ? (
        <ul>
          {state.data.map((message) => (
            <li key={message.id}>
              <strong>{senderOf(message)}</strong>, <StaffTime iso={message.createdAt} />
              {message.status === "spam" ? " (spam)" : null}: {preview(message.message)}
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        <Link to="/admin/messages">All messages</Link>
      </p>
    </section>
  );
}
