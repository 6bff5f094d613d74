import { createContext, useContext } from "react";

/**
 * What the staff shell (app/features/admin-shell) gives the staff page inside it. The shell holds
 * the one locked/unlocked state of every staff page; a page only reports that the server said its
 * session is gone.
 */
export interface StaffSession {
  /**
   * Call when an API call answers 401: the shell shows the lock screen in place and keeps this
   * page (hidden) with what it holds, so unlocking again carries on where staff were.
   */
  readonly onUnauthorized: () => void;
}

export const StaffSessionContext = createContext<StaffSession | null>(null);

/** The session of the staff shell around this page; a staff page outside the shell is a bug. */
export function useStaffSession(): StaffSession {
  const session = useContext(StaffSessionContext);
  if (!session) throw new Error("useStaffSession: a staff page must render inside the staff shell");
  return session;
}
