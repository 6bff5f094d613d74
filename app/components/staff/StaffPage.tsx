import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { apiJson, isApiError } from "~/lib/api";
import { formatStaffTime } from "~/lib/date-format";
import styles from "./Staff.module.css";
import { StaffNav } from "./StaffNav";

function checkSession(signal?: AbortSignal): Promise<unknown> {
  return apiJson<{ admin: boolean }>("/api/session", { signal });
}

export const STAFF_TEXT = {
  checking: "Checking your session…",
  locked: "This page is for staff. Unlock the admin pages with the password first, then come back.",
  sessionEnded: "Your session has ended. Unlock the admin pages again, then come back.",
  unlockLink: "Unlock on the site updates page",
} as const;

type Access = { state: "checking" } | { state: "locked"; ended: boolean } | { state: "unlocked" };

export interface StaffPageProps {
  /** The page's only h1. */
  title: string;
  /** This page's path, marked as current in the staff navigation. */
  path: string;
  /** The unlocked content; call `onUnauthorized` when an API call answers 401. */
  children: (onUnauthorized: () => void) => ReactNode;
}

/**
 * The frame of a staff page: one h1, navigation between the staff pages, and the same login as
 * the updates page (GET /api/session). While locked it links to the updates page to unlock.
 */
export function StaffPage({ title, path, children }: StaffPageProps) {
  const lockedRef = useRef<HTMLParagraphElement>(null);
  const [access, setAccess] = useState<Access>({ state: "checking" });

  useEffect(() => {
    const controller = new AbortController();
    checkSession(controller.signal)
      .then(() => setAccess({ state: "unlocked" }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (!isApiError(error) || error.status !== 401) {
          console.error("Could not check the admin session", error);
        }
        setAccess({ state: "locked", ended: false });
      });
    return () => controller.abort();
  }, []);

  const ended = access.state === "locked" && access.ended;
  useEffect(() => {
    if (ended) lockedRef.current?.focus();
  }, [ended]);

  const onUnauthorized = useCallback(() => setAccess({ state: "locked", ended: true }), []);

  return (
    <main id="main" className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.heading}>{title}</h1>
        <StaffNav current={path} />
      </header>

      {access.state === "checking" ? (
        <p className={styles.muted} role="status">
          {STAFF_TEXT.checking}
        </p>
      ) : null}
      {access.state === "locked" ? (
        <div className={styles.notice}>
          <p ref={lockedRef} tabIndex={-1} className={styles.noticeText}>
            {access.ended ? STAFF_TEXT.sessionEnded : STAFF_TEXT.locked}
          </p>
          <p className={styles.noticeText}>
            <Link to="/admin/updates">{STAFF_TEXT.unlockLink}</Link>
          </p>
        </div>
      ) : null}
      {access.state === "unlocked" ? children(onUnauthorized) : null}
    </main>
  );
}

/** A time as staff read it, in their own time zone; the exact ISO time stays in `dateTime`. */
export function StaffTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={iso}>
      {formatStaffTime(iso)}
    </time>
  );
}
