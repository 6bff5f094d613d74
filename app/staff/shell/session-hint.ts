/**
 * The browser's session flag (docs/product.md section 5): a UI hint only, so that a reload says
 * "restoring" rather than "checking". Whether the pages are unlocked is always decided by the
 * server (GET /api/session). The key predates the shell (it was the updates page's) and is kept so
 * that a tab open across the change keeps its hint.
 */
export const SESSION_HINT_KEY = "admin-updates:unlocked";

export function readSessionHint(): boolean {
  try {
    return window.sessionStorage.getItem(SESSION_HINT_KEY) === "1";
  } catch {
    return false;
  }
}

export function writeSessionHint(unlocked: boolean): void {
  try {
    if (unlocked) window.sessionStorage.setItem(SESSION_HINT_KEY, "1");
    else window.sessionStorage.removeItem(SESSION_HINT_KEY);
  } catch {
    // Storage may be unavailable (privacy modes); the hint is optional.
  }
}
