/**
 * The site's time zone (`SITE_TIME_ZONE`) when none is given. The footer's "© YYYY" is the year
 * there (`yearIn` of common/zoned-time.ts): the pages compute it at render time, and the server
 * keys its render cache by it, so every cached page is rendered again at the first request after
 * midnight of 1 January there.
 */

/** `SITE_TIME_ZONE`'s default (server/config.ts), for renders that are not given one. */
export const DEFAULT_SITE_TIME_ZONE = "America/Los_Angeles";
