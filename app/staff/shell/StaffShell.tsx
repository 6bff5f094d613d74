import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { StaffSessionContext, type StaffSession } from "~/components/staff";
import { isApiError } from "~/lib/api";
import { checkSession, logOut } from "./api";
import { SHELL_TEXT } from "./messages";
import { readSessionHint, writeSessionHint } from "./session-hint";
import type { SessionUser } from "#common/staff-access";
import { ROLE_LABELS } from "#common/staff-access";
import { canOpen, staffPageAt } from "./staff-pages";
import { StaffNav } from "./StaffNav";
import { UnlockForm } from "./UnlockForm";
import styles from "./StaffShell.module.css";

/**
 * The one locked/unlocked state of the staff pages.
 * - `checking`: GET /api/session has not answered yet.
 * - `locked`: the lock screen shows. `why` says how it got there (the page just opened, the
 *   session ended mid-use, or staff logged out); `keptPath` is the page whose session ended: it
 *   stays mounted, hidden, with what it holds, until the lock is lifted or staff go elsewhere.
 * - `unlocked`: the page shows.
 */
type Access =
  | { state: "checking" }
  | { state: "locked"; why: "opened" | "ended" | "logout"; keptPath: string | null }
  | { state: "unlocked" };

/**
 * The frame of every staff page (a layout route around them): one h1, the lock screen, the staff
 * navigation and Logout. Any staff URL opens directly and unlocks in place; moving between staff
 * pages keeps the session state, which lives here only (pages report a 401 through
 * `useStaffSession`).
 */
export function StaffShell() {
  const { pathname } = useLocation();
  const page = staffPageAt(pathname);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [access, setAccess] = useState<Access>({ state: "checking" });
  const [restoring, setRestoring] = useState(false);
  const [logoutError, setLogoutError] = useState<{ key: number } | null>(null);
  const [user, setUser] = useState<SessionUser | null>(null);
  // The server's reason for the last 403 (the role lacks a right), shown until staff move on.
  const [refusal, setRefusal] = useState<{ message: string; key: number } | null>(null);
  // Bumped to move focus to the h1: after unlocking, and after moving to another staff page.
  const [focusHeading, setFocusHeading] = useState(0);

  useEffect(() => {
    // Read after mount: the first render must match whatever HTML the page arrived with.
    setRestoring(readSessionHint());
    const controller = new AbortController();
    checkSession(controller.signal)
      .then((signedIn) => {
        setUser(signedIn);
        writeSessionHint(true);
        setAccess({ state: "unlocked" });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (!isApiError(error) || error.status !== 401) {
          console.error("Could not check the admin session", error);
        }
        writeSessionHint(false);
        setAccess({ state: "locked", why: "opened", keptPath: null });
      });
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (focusHeading > 0) headingRef.current?.focus();
  }, [focusHeading]);

  // A new staff page: tell keyboard and screen-reader users where they are now.
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = pathname;
    setLogoutError(null);
    setRefusal(null);
    setFocusHeading((n) => n + 1);
  }, [pathname]);

  const onUnlocked = useCallback(() => {
    writeSessionHint(true);
    setLogoutError(null);
    setAccess({ state: "unlocked" });
    setFocusHeading((n) => n + 1);
    // Whoever unlocked may not be who was signed in before: ask who it is (for the role).
    checkSession().then(setUser, () => setUser(null));
  }, []);

  // Read by onUnauthorized, which stays the same function for the page's whole life.
  const currentPath = useRef(pathname);
  useEffect(() => {
    currentPath.current = pathname;
  }, [pathname]);

  const onUnauthorized = useCallback(() => {
    writeSessionHint(false);
    setAccess((current) =>
      current.state === "unlocked"
        ? { state: "locked", why: "ended", keptPath: currentPath.current }
        : current,
    );
  }, []);
  const handleAuthError = useCallback(
    (error: unknown) => {
      if (!isApiError(error)) return false;
      if (error.status === 401) {
        onUnauthorized();
        return true;
      }
      if (error.status === 403 && error.code === "forbidden") {
        setRefusal((previous) => ({ message: error.message, key: (previous?.key ?? 0) + 1 }));
        return true;
      }
      return false;
    },
    [onUnauthorized],
  );
  const onAccountChanged = useCallback<StaffSession["onAccountChanged"]>((changes) => {
    setUser((previous) => (previous ? { ...previous, ...changes } : previous));
  }, []);
  const session = useMemo<StaffSession>(
    () => ({ onUnauthorized, handleAuthError, user, onAccountChanged }),
    [onUnauthorized, handleAuthError, user, onAccountChanged],
  );

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
    writeSessionHint(false);
    setUser(null);
    setAccess({ state: "locked", why: "logout", keptPath: null });
  };

  const unlocked = access.state === "unlocked";
  // The page is mounted while unlocked, and kept (hidden) on the lock screen after its session
  // ended; a logout drops it, so nothing the page showed stays in the document.
  const pageMounted =
    unlocked ||
    (access.state === "locked" && access.keptPath !== null && access.keptPath === pathname);

  return (
    <main id="main" className={styles.page}>
      <header className={styles.header}>
        <h1 ref={headingRef} tabIndex={-1} className={styles.heading}>
          {page?.title}
        </h1>
        {unlocked && page ? (
          <div className={styles.headerControls}>
            <StaffNav current={page.navPath} role={user?.role} />
            <button type="button" className={styles.secondaryButton} onClick={onLogout}>
              Logout
            </button>
          </div>
        ) : null}
      </header>
      {refusal && unlocked ? (
        <p key={refusal.key} className={styles.alert} role="alert">
          {refusal.message}
        </p>
      ) : null}
      {logoutError && unlocked ? (
        <p key={logoutError.key} className={styles.alert} role="alert">
          {SHELL_TEXT.logoutFailed}
        </p>
      ) : null}

      {access.state === "checking" ? (
        <p className={styles.status} role="status">
          {restoring ? SHELL_TEXT.restoringSession : SHELL_TEXT.checkingSession}
        </p>
      ) : null}
      {access.state === "locked" ? (
        <UnlockForm
          onUnlocked={onUnlocked}
          notice={access.why === "ended" ? SHELL_TEXT.sessionEnded : null}
          autoFocus={access.why !== "opened"}
        />
      ) : null}
      {/* One element in one place whatever the state, so React keeps the page while it hides. */}
      <div hidden={!unlocked}>
        {pageMounted && page && !canOpen(user?.role, page.navPath) ? (
          <p className={styles.status}>
            {SHELL_TEXT.notForRole(ROLE_LABELS[user?.role ?? "contributor"])}
          </p>
        ) : pageMounted ? (
          <StaffSessionContext.Provider value={session}>
            <Outlet />
          </StaffSessionContext.Provider>
        ) : null}
      </div>
    </main>
  );
}
