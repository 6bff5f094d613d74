/*
 * Instants in a named IANA time zone, with Intl only: the one place the site reads a clock in a
 * zone (docs/decisions/050). Wall-clock times to instants and back (the staff editor's session
 * controls: staff choose a date and a time as the event's place reads them; the stored value
 * stays ISO 8601 with the offset in force on that day, daylight saving decided here), the parts
 * of an instant there (the event date lines, the calendar files, the footer's year, the
 * statistics' day, the texts' sending hours), and the day and time words the pages show.
 * zod-free: the public pages, the editor and the server all use it.
 */

export interface WallClock {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM, 24-hour */
  time: string;
}

/** An instant as the clock in a zone reads it. */
export interface ZonedParts {
  readonly year: number;
  /** 1-12 */
  readonly month: number;
  /** 1-31 */
  readonly day: number;
  /** 0-23 */
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** 0 (Sunday) to 6 (Saturday) */
  readonly weekday: number;
}

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

const WEEKDAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

// One formatter per zone, made when the zone is first read (a server that never reads one never
// makes one; each costs memory, decision 031).
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, format);
  }
  return format;
}

/**
 * The parts of `instant` (ms since the epoch) as the clock in `zone` reads them. Throws a
 * RangeError when `zone` is not one this runtime knows.
 */
export function zonedParts(instant: number, zone: string): ZonedParts {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const year = parts.year!;
  const month = parts.month!;
  const day = parts.day!;
  return {
    year,
    month,
    day,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
  };
}

/**
 * The parts of the instant `iso` names in `zone`; null when `iso` is not a time or `zone` is not
 * a zone this runtime knows (what the pages show then is left empty, never an error).
 */
export function zonedPartsOf(iso: string, zone: string): ZonedParts | null {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return null;
  try {
    return zonedParts(instant, zone);
  } catch {
    return null;
  }
}

const pad2 = (value: number) => String(value).padStart(2, "0");

/** The zone's offset from UTC at `instant`, in minutes (-420 for 07:00 behind). */
export function offsetMinutes(zone: string, instant: number): number {
  const parts = zonedParts(instant, zone);
  const asUtc = Date.UTC(
    parts.year,
    parts.month - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  );
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** The wall clock in `zone` at the instant `iso` names; null when `iso` is not a time. */
export function wallClockOf(iso: string, zone: string): WallClock | null {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return null;
  const parts = zonedParts(instant, zone);
  return {
    date: `${parts.year}-${pad2(parts.month)}-${pad2(parts.day)}`,
    time: `${pad2(parts.hour)}:${pad2(parts.minute)}`,
  };
}

/** The calendar year at `instant` in `zone` (the footer's "© YYYY"). */
export function yearIn(instant: number, zone: string): number {
  return zonedParts(instant, zone).year;
}

/** The day (YYYY-MM-DD) at `instant` in `zone`. */
export function dayIn(instant: number, zone: string): string {
  const parts = zonedParts(instant, zone);
  return `${parts.year}-${pad2(parts.month)}-${pad2(parts.day)}`;
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const size = Math.abs(minutes);
  return `${sign}${pad2(Math.floor(size / 60))}:${pad2(size % 60)}`;
}

/**
 * The ISO time with offset (2025-10-11T12:00:00-07:00) of a wall-clock time in `zone`, or null
 * when the date or time is not one. A time skipped by a spring-forward change is read with the
 * offset before it (02:30 becomes 03:30 daylight time); a repeated autumn hour, its first.
 */
export function isoAt(wall: WallClock, zone: string): string | null {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(wall.date);
  const time = /^(\d{2}):(\d{2})$/.exec(wall.time);
  if (!date || !time) return null;
  const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
  const [hour, minute] = [Number(time[1]), Number(time[2])];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1 || hour > 23) return null;
  // The offsets in force half a day either side: the wall time fits one of them, or both (the
  // repeated hour: the first, before the change), or neither (the skipped hour: the one before).
  const before = offsetMinutes(zone, asUtc - 12 * 3_600_000);
  const after = offsetMinutes(zone, asUtc + 12 * 3_600_000);
  const fits = (minutes: number) => offsetMinutes(zone, asUtc - minutes * 60_000) === minutes;
  const offset = fits(before) ? before : fits(after) ? after : before;
  return `${wall.date}T${wall.time}:00${offsetText(offset)}`;
}

/** 'October' */
export function monthName(parts: Pick<ZonedParts, "month">): string {
  return MONTH_NAMES[parts.month - 1] ?? "";
}

/** 'Saturday' */
export function weekdayName(parts: Pick<ZonedParts, "weekday">): string {
  return WEEKDAY_NAMES[parts.weekday] ?? "";
}

/** 'Saturday, October 11, 2025' */
export function longDate(parts: ZonedParts): string {
  return `${weekdayName(parts)}, ${monthName(parts)} ${parts.day}, ${parts.year}`;
}

/** A time of day on the 12-hour clock: '3:00' and 'PM' (noon is '12:00 PM', midnight '12:00 AM'). */
export function clockTime(parts: Pick<ZonedParts, "hour" | "minute">): {
  time: string;
  period: "AM" | "PM";
} {
  return {
    time: `${parts.hour % 12 || 12}:${pad2(parts.minute)}`,
    period: parts.hour < 12 ? "AM" : "PM",
  };
}
