/** A moment (ms since the epoch) as fixed-width ISO-8601 UTC text, the form every time column uses. */
export function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}

/** The current time as fixed-width ISO-8601 UTC text, the form every time column uses. */
export function nowIso(clock: () => number = Date.now): string {
  return isoAt(clock());
}
