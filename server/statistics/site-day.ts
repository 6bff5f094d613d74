import { dayIn } from "../../common/zoned-time.js";

/**
 * The day (YYYY-MM-DD) in the site's time zone at an instant: statistics are kept per day as the
 * site's staff live them (SITE_TIME_ZONE). Worked out once a minute: a zone's midnight always
 * falls on a whole minute.
 */
export function createSiteDay(zone: string): (instant: number) => string {
  let minute = Number.NaN;
  let day = "";
  return (instant) => {
    const at = Math.floor(instant / 60_000);
    if (at !== minute) {
      minute = at;
      day = dayIn(at * 60_000, zone);
    }
    return day;
  };
}
