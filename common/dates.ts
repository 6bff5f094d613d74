/**
 * Dates that input may hold (docs/decisions/026): real calendar dates with years 1970-9999.
 * `Date.parse` alone rolls `2026-02-30` over to 2 March and accepts years such as +275760.
 * zod-free, like text.ts, so the public bundles may import it.
 */

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))?)?$/;

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * True for an ISO 8601 date (`2026-02-28`) or date and time (`2026-02-28T10:00`, with seconds,
 * fractions, `Z` or an offset) that names a real day and time between 1970 and 9999.
 */
export function isRealDateTime(value: string): boolean {
  const match = ISO_DATE_TIME.exec(value.trim());
  if (!match) return false;
  const [, year, month, day, hour, minute, second, , offsetHours, offsetMinutes] = match.map(
    (part) => (part === undefined ? undefined : Number(part)),
  ) as (number | undefined)[];
  if (year! < 1970 || month! < 1 || month! > 12) return false;
  if (day! < 1 || day! > daysIn(year!, month!)) return false;
  if (hour !== undefined && (hour > 23 || minute! > 59 || (second ?? 0) > 59)) return false;
  if (offsetHours !== undefined && (offsetHours > 23 || offsetMinutes! > 59)) return false;
  const time = Date.parse(value.trim());
  return !Number.isNaN(time);
}
