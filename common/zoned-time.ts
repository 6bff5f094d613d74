/*
 * Wall-clock times in a named time zone and instants with their offset, both ways, with Intl
 * only. The session date and time controls of the staff editor use it: staff choose a date and a
 * time as the event's place reads them; the stored value stays ISO 8601 with the offset in force
 * on that day (daylight saving decided here, never by the person).
 */

export interface WallClock {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM, 24-hour */
  time: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(zone: string, instant: number): Record<string, string> {
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
  return Object.fromEntries(
    format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
  );
}

/** The zone's offset from UTC at `instant`, in minutes (-420 for 07:00 behind). */
export function offsetMinutes(zone: string, instant: number): number {
  const parts = partsIn(zone, instant);
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** The wall clock in `zone` at the instant `iso` names; null when `iso` is not a time. */
export function wallClockOf(iso: string, zone: string): WallClock | null {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return null;
  const parts = partsIn(zone, instant);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const size = Math.abs(minutes);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${sign}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
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
