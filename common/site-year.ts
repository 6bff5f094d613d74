/**
 * The year in the site's time zone (`SITE_TIME_ZONE`): the footer's "© YYYY". Zod-free and
 * small: the pages compute it at render time, and the server keys its render cache by it, so
 * every cached page is rendered again at the first request after midnight of 1 January there.
 */

/** `SITE_TIME_ZONE`'s default (server/config.ts), for renders that are not given one. */
export const DEFAULT_SITE_TIME_ZONE = "America/Los_Angeles";

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar year at `now` (ms since the epoch) in `timeZone` (an IANA name). */
export function yearIn(now: number, timeZone: string): number {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric" });
    formatters.set(timeZone, formatter);
  }
  return Number(formatter.format(now));
}
