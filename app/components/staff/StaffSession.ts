import { createContext, useContext } from "react";
import type { SessionUser } from "#common/staff-access";

/**
 * What the staff shell (app/staff/shell) gives the staff page inside it. The shell holds
 * the one locked/unlocked state of every staff page; a page only reports that the server said its
 * session is gone.
 */
export interface StaffSession {
  /**
   * Call when an API call answers 401: the shell shows the lock screen in place and keeps this
   * page (hidden) with what it holds, so unlocking again carries on where staff were.
   */
  readonly onUnauthorized: () => void;
  /**
   * The one place a staff page sends a failed API call: a 401 locks the shell (as
   * onUnauthorized), a 403 shows the shell's alert with the server's reason (the role lacks the
   * right). True when it was one of those, so the page shows nothing of its own.
   */
  readonly handleAuthError: (error: unknown) => boolean;
  /** The signed-in person, once GET /api/session has named them. */
  readonly user: SessionUser | null;
  /** A page changed the signed-in person's own name or email: every page shows the new one. */
  readonly onAccountChanged: (changes: Partial<Pick<SessionUser, "name" | "email">>) => void;
}

export const StaffSessionContext = createContext<StaffSession | null>(null);

/** The session of the staff shell around this page; a staff page outside the shell is a bug. */
export function useStaffSession(): StaffSession {
  const session = useContext(StaffSessionContext);
  if (!session) throw new Error("useStaffSession: a staff page must render inside the staff shell");
  return session;
}
