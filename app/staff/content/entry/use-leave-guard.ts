import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";
import { EDITOR_TEXT } from "../messages";

/**
 * Leaving with unsaved changes: the browser asks on reload or close, the app on its own links.
 * Returns a flag the editor sets when it moves on itself with everything saved (a new entry's
 * own address).
 */
export function useLeaveGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  const leavingSaved = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leavingSaved.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(EDITOR_TEXT.confirmLeave)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  return leavingSaved;
}
