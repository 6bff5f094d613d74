/**
 * How the site writes dates and times, in the reader's own time zone. The exact ISO time stays
 * in each `<time dateTime>`; text that is not a valid time is shown as it came.
 *
 * The public date is written without `Intl`: a browser's first `Intl.DateTimeFormat` loads its
 * locale and time-zone data, 20-40 ms of main thread on a fast computer, several times that on
 * a slow phone, and the island script that carries this module runs on every page with an
 * island (docs/decisions/053). The staff time keeps `Intl`, made on first use.
 */

import { monthName } from "#common/zoned-time";

let staffTime: Intl.DateTimeFormat | undefined;

function parsed(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * "October 11, 2025": the date of an update in the public featured strip and the archive, what
 * `Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" })` writes.
 */
export function formatLongDate(iso: string): string {
  const date = parsed(iso);
  if (!date) return iso;
  return `${monthName({ month: date.getMonth() + 1 })} ${date.getDate()}, ${date.getFullYear()}`;
}

/** "Oct 11, 2025, 12:00 PM": a time on the staff pages. */
export function formatStaffTime(iso: string): string {
  const date = parsed(iso);
  if (!date) return iso;
  staffTime ??= new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
  return staffTime.format(date);
}
