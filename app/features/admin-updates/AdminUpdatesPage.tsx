import { useCallback, useEffect, useRef, useState } from "react";
import { isApiError } from "~/lib/api";
import { checkSession, logOut } from "./api";
import { TEXT } from "./messages";
import { UnlockForm } from "./UnlockForm";
import { UpdatesManager } from "./UpdatesManager";
import styles from "./AdminUpdates.module.css";
import { StaffNav } from "~/components/staff";

/**
 * A UI hint only: it lets the page say "restoring" rather than "checking" on reload. Whether the
 * page is unlocked is always decided by the server (GET /api/session).
 */
export const SESSION_HINT_KEY = "admin-updates:unlocked";

function readHint(): boolean {
  try {
    return window.sessionStorage.getItem(SESSION_HINT_KEY) === "1";
  } catch {
    return false;
  }
}

function writeHint(unlocked: boolean): void {
  try {
    if (unlocked) window.sessionStorage.setItem(SESSION_HINT_KEY, "1");
    else window.sessionStorage.removeItem(SESSION_HINT_KEY);
  } catch {
    // Storage may be unavailable (privacy modes); the hint is optional.
  }
}

type Access =
  | { state: "checking" }
  | { state: "locked"; notice: string | null; focus: boolean }
  | { state: "unlocked"; focusHeading: boolean };

/** The admin page for site updates: locked until the server accepts the password. */
export function AdminUpdatesPage() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [access, setAccess] = useState<Access>({ state: "checking" });
  const [restoring, setRestoring] = useState(false);
  const [logoutError, setLogoutError] = useState<{ key: number } | null>(null);

  useEffect(() => {
    setRestoring(readHint());
    const controller = new AbortController();
    checkSession(controller.signal)
      .then(() => {
        writeHint(true);
        setAccess({ state: "unlocked", focusHeading: false });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (!isApiError(error) || error.status !== 401) {
          console.error("Could not check the admin session", error);
        }
        writeHint(false);
        setAccess({ state: "locked", notice: null, focus: false });
      });
    return () => controller.abort();
  }, []);

  const focusHeading = access.state === "unlocked" && access.focusHeading;
  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [focusHeading]);

  const onUnlocked = useCallback(() => {
    writeHint(true);
    setLogoutError(null);
    setAccess({ state: "unlocked", focusHeading: true });
  }, []);

  const onUnauthorized = useCallback(() => {
    writeHint(false);
    setAccess({ state: "locked", notice: TEXT.sessionEnded, focus: true });
  }, []);

  const onLogout = async () => {
    setLogoutError(null);
    try {
      await logOut();
    } catch (error) {
      if (!isApiError(error) || error.status !== 401) {
        console.error("Logout failed", error);
        setLogoutError((previous) => ({ key: (previous?.key ?? 0) + 1 }));
        return;
      }
    }
    writeHint(false);
    setAccess({ state: "locked", notice: null, focus: true });
  };

  return (
    <main id="main" className={styles.page}>
      <header className={styles.header}>
        <h1 ref={headingRef} tabIndex={-1} className={styles.heading}>
          {TEXT.pageTitle}
        </h1>
        {access.state === "unlocked" ? (
          <>
            <StaffNav current="/admin/updates" />
            <button type="button" className={styles.secondaryButton} onClick={onLogout}>
              Logout
            </button>
          </>
        ) : null}
      </header>
      {logoutError && access.state === "unlocked" ? (
        <p key={logoutError.key} className={styles.alert} role="alert">
          {TEXT.logoutFailed}
        </p>
      ) : null}

      {access.state === "checking" ? (
        <p className={styles.status} role="status">
          {restoring ? "Restoring your session…" : TEXT.checkingSession}
        </p>
      ) : null}
      {access.state === "locked" ? (
        <UnlockForm onUnlocked={onUnlocked} notice={access.notice} autoFocus={access.focus} />
      ) : null}
      {access.state === "unlocked" ? <UpdatesManager onUnauthorized={onUnauthorized} /> : null}
    </main>
  );
}
