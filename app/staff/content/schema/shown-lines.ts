import {
  eventDatesLine,
  eventTimeLine,
  sessionDateLine,
  sessionSummary,
  sessionTimeLine,
  type SessionTimes,
  type ShownLine,
} from "#common/event-dates";
import type { Field } from "./schema-fields";
import { valueAt, type ValuePath } from "./value-path";
import { zoneAround } from "./zone-around";

/*
 * The date and time lines the editor shows as written from an event's sessions (decision 035):
 * the line a `shown-line` field would show when staff leave it to the times.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const asSession = (value: unknown): SessionTimes | null =>
  isRecord(value) && typeof value.start === "string" && typeof value.end === "string"
    ? (value as unknown as SessionTimes)
    : null;

/** The line the field at `path` shows when staff write none ('' when the times say nothing yet). */
export function generatedLine(root: unknown, path: ValuePath, line: ShownLine): string {
  const parent = valueAt(root, path.slice(0, -1));
  if (line === "session-date" || line === "session-time") {
    const session = asSession(parent);
    const zone = zoneAround(root, path);
    if (!session || !zone) return "";
    return line === "session-date"
      ? sessionDateLine(session, zone)
      : sessionTimeLine(session, zone);
  }
  if (!isRecord(parent) || typeof parent.timezone !== "string") return "";
  const sessions = Array.isArray(parent.sessions)
    ? parent.sessions.map(asSession).filter((session) => session !== null)
    : [];
  return line === "event-dates"
    ? eventDatesLine(sessions, parent.timezone)
    : eventTimeLine(sessions, parent.timezone);
}

/**
 * `value` without the lines that equal the ones the times make: entries stored before the lines
 * were generated hold them as typed text, which would otherwise stay behind when a time changes.
 * Dropping them changes nothing on the page (the same line is generated).
 */
export function withoutGeneratedLines(
  field: Field,
  value: unknown,
  root = value,
  path: ValuePath = [],
): unknown {
  if (field.kind === "list" && Array.isArray(value)) {
    return value.map((item, index) =>
      withoutGeneratedLines(field.item, item, root, [...path, index]),
    );
  }
  if (field.kind === "tuple" && Array.isArray(value)) {
    return value.map((item, index) =>
      field.items[index]
        ? withoutGeneratedLines(field.items[index], item, root, [...path, index])
        : item,
    );
  }
  if ((field.kind === "group" || field.kind === "variants") && isRecord(value)) {
    const group =
      field.kind === "group"
        ? field
        : field.options.find((option) => option.value === value[field.discriminator])?.field;
    if (!group) return value;
    const next: Record<string, unknown> = { ...value };
    for (const { key, field: child } of group.fields) {
      if (!(key in next)) continue;
      const at = [...path, key];
      if (child.kind === "text" && child.format === "shown-line" && child.line) {
        if (next[key] === generatedLine(root, at, child.line)) delete next[key];
      } else {
        next[key] = withoutGeneratedLines(child, next[key], root, at);
      }
    }
    return next;
  }
  return value;
}

/**
 * A list item's one line in words when it is a session (a start and an end chosen as date and
 * time): 'Saturday, October 11, 2025, 12:00-3:00 PM' in the event's zone, not the stored ISO
 * text. Null for any other item.
 */
export function sessionWords(
  field: Field,
  value: unknown,
  root: unknown,
  path: ValuePath,
): string | null {
  if (field.kind !== "group") return null;
  const timed = field.fields.filter(
    (entry) => entry.field.kind === "text" && entry.field.format === "zoned-date-time",
  );
  if (
    !timed.some((entry) => entry.key === "start") ||
    !timed.some((entry) => entry.key === "end")
  ) {
    return null;
  }
  const session = asSession(value);
  const zone = zoneAround(root, path);
  if (!session || !zone) return null;
  return sessionSummary(session, zone) || null;
}
