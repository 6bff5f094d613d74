/*
 * The date and time lines an event shows ('Saturday, October 11, 2025', '12:00-3:00 PM',
 * 'Saturdays, October 11 and 25, 2025'), written from its sessions with Intl in the event's time
 * zone, so they always agree with the times (docs/decisions/035). A line staff wrote themselves
 * (the optional `dateLabel`, `timeLabel`, `datesLabel` of the content) is shown instead.
 * The zone's clock is read by common/zoned-time.ts, the one place that does; which session
 * comes first is common/event-sessions.ts's order. zod-free, like dates.ts, so the public pages
 * and the editor both use it.
 */

import { sessionsInOrder } from "./event-sessions.js";
import {
  clockTime,
  longDate,
  monthName,
  weekdayName,
  zonedPartsOf,
  type ZonedParts,
} from "./zoned-time.js";

/** A session as the lines need it: its start and end (ISO with offset) and any line staff wrote. */
export interface SessionTimes {
  readonly start: string;
  readonly end: string;
  readonly dateLabel?: string | undefined;
  readonly timeLabel?: string | undefined;
}

/** An event as the lines need it. */
export interface EventTimes {
  readonly timezone: string;
  readonly sessions: readonly SessionTimes[];
  readonly datesLabel?: string | undefined;
  readonly timeLabel?: string | undefined;
}

/** Which generated line a content field overrides (its `line` in the schema's metadata). */
export type ShownLine = "session-date" | "session-time" | "event-dates" | "event-time";

/**
 * The lines an event shows: one date and time per session, in the order they happen (with its
 * start, for `<time>`), and one line for all of them.
 */
export interface EventDateLines {
  readonly sessions: readonly {
    readonly start: string;
    readonly date: string;
    readonly time: string;
  }[];
  readonly dates: string;
  readonly time: string;
}

/** 'a', 'a and b', 'a, b and c' (the site's style: no comma before 'and'). */
export function joinWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** 'Saturday, October 11, 2025': the day a session starts on, in the event's zone. */
export function sessionDateLine(session: SessionTimes, zone: string): string {
  const start = zonedPartsOf(session.start, zone);
  return start ? longDate(start) : "";
}

/** '12:00-3:00 PM', or '11:00 AM-1:00 PM' when the two halves of the day differ. */
export function sessionTimeLine(session: SessionTimes, zone: string): string {
  const startParts = zonedPartsOf(session.start, zone);
  const endParts = zonedPartsOf(session.end, zone);
  if (!startParts || !endParts) return "";
  const start = clockTime(startParts);
  const end = clockTime(endParts);
  const to = `${end.time} ${end.period}`;
  return start.period === end.period
    ? `${start.time}-${to}`
    : `${start.time} ${start.period}-${to}`;
}

/**
 * One line for every date: a single session's date line; otherwise the dates in order, the month
 * named when it changes and the year after each year's last date ('October 4, 11 and November 8,
 * 2025'), led by the weekday when all share one ('Saturdays, October 11 and 25, 2025').
 */
export function eventDatesLine(sessions: readonly SessionTimes[], zone: string): string {
  const days = sessionsInOrder(sessions)
    .map((session) => zonedPartsOf(session.start, zone))
    .filter((parts): parts is ZonedParts => parts !== null)
    .filter(
      (parts, index, all) =>
        index === 0 ||
        parts.year !== all[index - 1]!.year ||
        parts.month !== all[index - 1]!.month ||
        parts.day !== all[index - 1]!.day,
    );
  if (days.length === 0) return "";
  if (days.length === 1) return longDate(days[0]!);
  const items = days.map((parts, index) => {
    const previous = days[index - 1];
    const next = days[index + 1];
    const newMonth = !previous || previous.month !== parts.month || previous.year !== parts.year;
    const lastOfYear = !next || next.year !== parts.year;
    return `${newMonth ? `${monthName(parts)} ` : ""}${parts.day}${lastOfYear ? `, ${parts.year}` : ""}`;
  });
  const weekdays = new Set(days.map((parts) => parts.weekday));
  const lead = weekdays.size === 1 ? `${weekdayName(days[0]!)}s, ` : "";
  return `${lead}${joinWords(items)}`;
}

/** The sessions' time lines, each once ('12:00-3:00 PM', or '10:00-11:00 AM or 1:00-2:00 PM'). */
export function eventTimeLine(sessions: readonly SessionTimes[], zone: string): string {
  const lines = [
    ...new Set(sessions.map((session) => session.timeLabel ?? sessionTimeLine(session, zone))),
  ].filter((line) => line !== "");
  if (lines.length <= 1) return lines[0] ?? "";
  return `${lines.slice(0, -1).join(", ")} or ${lines[lines.length - 1]}`;
}

/** Every line an event shows: what staff wrote where they wrote one, else the line from the times. */
export function eventDateLines(event: EventTimes): EventDateLines {
  const zone = event.timezone;
  return {
    sessions: sessionsInOrder(event.sessions).map((session) => ({
      start: session.start,
      date: session.dateLabel ?? sessionDateLine(session, zone),
      time: session.timeLabel ?? sessionTimeLine(session, zone),
    })),
    dates: event.datesLabel ?? eventDatesLine(event.sessions, zone),
    time: event.timeLabel ?? eventTimeLine(event.sessions, zone),
  };
}

/** 'Saturday, October 11, 2025, 12:00-3:00 PM': a session in words (the editor's one-line summary). */
export function sessionSummary(session: SessionTimes, zone: string): string {
  const date = sessionDateLine(session, zone);
  const time = sessionTimeLine(session, zone);
  return [date, time].filter((line) => line !== "").join(", ");
}
