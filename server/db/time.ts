/** The current time as fixed-width ISO-8601 UTC text, the form every time column uses. */
export function nowIso(clock: () => number = Date.now): string {
  return new Date(clock()).toISOString();
}
