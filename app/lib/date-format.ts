/**
 * How the site writes dates and times, in the reader's own time zone. The exact ISO time stays
 * in each `<time dateTime>`; text that is not a valid time is shown as it came.
 */

const longDate = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
});
const staffTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

function format(formatter: Intl.DateTimeFormat, iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter.format(date);
}

/** "October 11, 2025": the date of an update in the public featured strip. */
export function formatLongDate(iso: string): string {
  return format(longDate, iso);
}

/** "Oct 11, 2025, 12:00 PM": a time on the staff pages. */
export function formatStaffTime(iso: string): string {
  return format(staffTime, iso);
}
