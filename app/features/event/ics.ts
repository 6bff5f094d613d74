/**
 * An iCalendar file (RFC 5545) of one or more events: one VEVENT per session, with times in each
 * event's own time zone and the matching VTIMEZONE definitions. One event's file is its "Add to
 * calendar" download; every published event's is the feed at /events/calendar.ics.
 *
 * Pure and dependency-free: the resource routes call it when the server renders them.
 */
import type { EventContent } from "#common/content/snapshot";
import { eventPagePath } from "#common/event-paths";
import { sessionsInOrder } from "#common/event-sessions";
import { textForXml } from "#common/text";
import { zonedParts } from "#common/zoned-time";

const CRLF = "\r\n";
/** RFC 5545 section 3.1: lines SHOULD NOT be longer than 75 octets, excluding the line break. */
const MAX_LINE_OCTETS = 75;

/**
 * VTIMEZONE definitions for the zones the site's events use (current US rules, since 2007).
 * An event in another zone fails the build loudly instead of producing a wrong file.
 */
const VTIMEZONES: Readonly<Record<EventContent["timezone"], readonly string[]>> = {
  "America/Los_Angeles": [
    "BEGIN:VTIMEZONE",
    "TZID:America/Los_Angeles",
    "X-LIC-LOCATION:America/Los_Angeles",
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:-0800",
    "TZOFFSETTO:-0700",
    "TZNAME:PDT",
    "DTSTART:19700308T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:-0700",
    "TZOFFSETTO:-0800",
    "TZNAME:PST",
    "DTSTART:19701101T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
    "END:STANDARD",
    "END:VTIMEZONE",
  ],
};

/**
 * Escapes a TEXT value (RFC 5545 section 3.3.11): backslash, semicolon, comma and newlines; what
 * the format cannot carry (other control characters, U+FFFE, U+FFFF) is removed (design 6d).
 */
export function escapeText(value: string): string {
  return textForXml(value)
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** One part of PRODID's "-//owner//product//EN": escaped, without the "//" that separates parts. */
const prodIdPart = (value: string) => escapeText(value).replace(/\/{2,}/g, "/");

const encoder = new TextEncoder();

/**
 * Folds one content line so no physical line exceeds 75 octets (UTF-8), never splitting a
 * character; continuation lines start with a single space (RFC 5545 section 3.1).
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= MAX_LINE_OCTETS) return line;
  const parts: string[] = [];
  let current = "";
  let currentOctets = 0;
  // The first line holds 75 octets; continuation lines hold 74 after their leading space.
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const octets = encoder.encode(char).length;
    if (currentOctets + octets > limit) {
      parts.push(current);
      current = "";
      currentOctets = 0;
      limit = MAX_LINE_OCTETS - 1;
    }
    current += char;
    currentOctets += octets;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

/** A UTC DATE-TIME, e.g. 20251011T190000Z. */
export function formatUtc(date: Date): string {
  return (
    `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`
  );
}

/**
 * The wall-clock DATE-TIME of an instant in a time zone, e.g. 20251011T120000 (the zone's clock
 * read by common/zoned-time.ts, as the page's date lines are).
 */
export function formatLocal(iso: string, timeZone: string): string {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) throw new Error(`Not a date: ${iso}`);
  const parts = zonedParts(instant, timeZone);
  return (
    `${String(parts.year).padStart(4, "0")}${pad(parts.month)}${pad(parts.day)}` +
    `T${pad(parts.hour)}${pad(parts.minute)}${pad(parts.second)}`
  );
}

export interface CalendarOptions {
  /** The calendar's name (X-WR-CALNAME), e.g. the event's title or "Events". */
  name: string;
  /** The site's origin: each event's URL, and the host of each UID. */
  origin: string;
  /** When the file was generated (DTSTAMP). */
  generatedAt: Date;
  /** The organisation, named in PRODID. */
  organizationName: string;
}

/** One-line postal address of the event's venue (the parts staff filled in). */
export function locationText(event: EventContent): string {
  const { name, streetAddress, city, region, postalCode } = event.location;
  const place = [name, streetAddress, city].filter((part) => part);
  const area = [region, postalCode].filter((part) => part).join(" ");
  return area ? `${place.join(", ")}, ${area}` : place.join(", ");
}

/** RFC 5545 STATUS of a VEVENT for what staff set (postponed: the date is not firm). */
const VEVENT_STATUS: Readonly<Record<EventContent["status"], string>> = {
  scheduled: "CONFIRMED",
  cancelled: "CANCELLED",
  postponed: "TENTATIVE",
};

/** The whole calendar file of `events`, with CRLF line endings and folded lines. */
export function buildEventCalendar(
  events: readonly EventContent[],
  options: CalendarOptions,
): string {
  const host = new URL(options.origin).host;
  const stamp = formatUtc(options.generatedAt);
  const zones = [...new Set(events.map((event) => event.timezone))];
  const lines: string[] = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    // PRODID is TEXT too: escaped like every text property, "//" kept for its own separators.
    `PRODID:-//${prodIdPart(options.organizationName)}//${prodIdPart(options.name)}//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(options.name)}`,
  ];
  for (const zone of zones) {
    const timezone = VTIMEZONES[zone];
    if (!timezone) throw new Error(`No VTIMEZONE definition for ${zone}`);
    lines.push(...timezone);
  }
  for (const event of events) {
    const description = [event.description, event.audience].filter(Boolean).join("\n\n");
    const pageUrl = new URL(eventPagePath(event.slug), `${options.origin}/`).toString();
    // In the order they happen, as the event's page lists them.
    for (const session of sessionsInOrder(event.sessions)) {
      const start = formatLocal(session.start, event.timezone);
      lines.push(
        "BEGIN:VEVENT",
        // Stable across renders and releases: the event's address name and the session's day.
        `UID:${event.slug}-${start.slice(0, 8)}@${host}`,
        `DTSTAMP:${stamp}`,
        `DTSTART;TZID=${event.timezone}:${start}`,
        `DTEND;TZID=${event.timezone}:${formatLocal(session.end, event.timezone)}`,
        `SUMMARY:${escapeText(event.title)}`,
        ...(description ? [`DESCRIPTION:${escapeText(description)}`] : []),
        `LOCATION:${escapeText(locationText(event))}`,
        `URL:${pageUrl}`,
        `STATUS:${VEVENT_STATUS[event.status]}`,
        "TRANSP:OPAQUE",
        "END:VEVENT",
      );
    }
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join(CRLF) + CRLF;
}
