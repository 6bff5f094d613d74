/**
 * The event reminders' API shapes (docs/product.md, texts): `GET/PUT
 * /api/texts/reminders/:eventId`. Zod-free; the schema is in `event-reminders-schemas.ts`.
 */
import { countSegments, textAsItArrives, type SegmentCount } from "./sms-segments.js";
import type { RecipientStatus, TextStatus } from "./texts.js";

export const REMINDER_LEADS = ["1d", "2d", "3h"] as const;
export type ReminderLead = (typeof REMINDER_LEADS)[number];
export const DEFAULT_REMINDER_LEAD: ReminderLead = "1d";

/** How the editor names each lead. */
export const REMINDER_LEAD_LABELS: Readonly<Record<ReminderLead, string>> = {
  "1d": "1 day before",
  "2d": "2 days before",
  "3h": "3 hours before",
};

/**
 * What staff's own words may hold (docs/decisions/055): each becomes, per session, what the text
 * made from the event writes there: the session's day and time in the event's zone, its place.
 */
export const REMINDER_PLACEHOLDERS = ["day", "time", "place"] as const;
export type ReminderPlaceholder = (typeof REMINDER_PLACEHOLDERS)[number];
/** What each placeholder becomes for one session. */
export type ReminderValues = Readonly<Record<ReminderPlaceholder, string>>;

// Any braces count, so a misspelt "{Day}" or "{ day }" is refused rather than sent as written.
const PLACEHOLDER = /\{([^{}]*)\}/g;
const KNOWN = new Set<string>(REMINDER_PLACEHOLDERS);

/** "{day}, {time} or {place}" */
export const PLACEHOLDER_LIST = `${REMINDER_PLACEHOLDERS.slice(0, -1)
  .map((name) => `{${name}}`)
  .join(", ")} or {${REMINDER_PLACEHOLDERS.at(-1)}}`;

/** What staff are told of braces that are no placeholder (the API's 400 and the editor). */
export function unknownPlaceholdersMessage(unknown: readonly string[]): string {
  const which = unknown.length === 1 ? "is not a placeholder" : "are not placeholders";
  return `The text holds ${unknown.join(", ")}, which ${which}: use ${PLACEHOLDER_LIST}`;
}

/** The `{...}` in `body` that are no placeholder, each once, in order. */
export function unknownPlaceholders(body: string): string[] {
  const found = [...body.matchAll(PLACEHOLDER)]
    .filter((match) => !KNOWN.has(match[1]!))
    .map((match) => match[0]);
  return [...new Set(found)];
}

export function hasPlaceholders(body: string): boolean {
  return [...body.matchAll(PLACEHOLDER)].some((match) => KNOWN.has(match[1]!));
}

/** `body` with each placeholder replaced by the session's value (anything else left as written). */
export function fillPlaceholders(body: string, values: ReminderValues): string {
  return body.replace(PLACEHOLDER, (whole, name: string) =>
    KNOWN.has(name) ? values[name as ReminderPlaceholder] : whole,
  );
}

/**
 * Staff's words as they arrive for the session they come out longest for: what the segment
 * limit is checked on. `values` is that session's (null when nothing is filled: no placeholder,
 * or no session to fill it from, and the words are counted as written).
 */
export function longestReminder(
  body: string,
  programName: string,
  sessions: readonly ReminderValues[],
): { arrives: string; counted: SegmentCount; values: ReminderValues | null } {
  const asWritten = textAsItArrives(body, programName);
  let longest = {
    arrives: asWritten,
    counted: countSegments(asWritten),
    values: null as ReminderValues | null,
  };
  if (!hasPlaceholders(body)) return longest;
  sessions.forEach((values, index) => {
    const arrives = textAsItArrives(fillPlaceholders(body, values), programName);
    const counted = countSegments(arrives);
    const longer =
      counted.segments > longest.counted.segments ||
      (counted.segments === longest.counted.segments &&
        counted.characters > longest.counted.characters);
    if (index === 0 || longer) longest = { arrives, counted, values };
  });
  return longest;
}

/** Body of PUT /api/texts/reminders/:eventId. */
export interface EventReminderInput {
  enabled: boolean;
  lead: ReminderLead;
  /**
   * Staff's own words, sent to every session with {day}, {time} and {place} filled for it;
   * null: the text made from the event.
   */
  body: string | null;
}

/** One session's reminder as staff see it. */
export interface SessionReminder {
  textId: string;
  /** The session it reminds of (ISO). */
  sessionStart: string;
  /** When it goes in the site's zone (a number in a zone that closes earlier goes earlier). */
  sendAt: string;
  status: TextStatus;
  recipients: number;
  counts: Partial<Record<RecipientStatus, number>>;
}

/** Answer of GET and PUT /api/texts/reminders/:eventId. */
export interface EventReminder {
  eventId: string;
  enabled: boolean;
  lead: ReminderLead;
  body: string | null;
  /**
   * The text made from the published event for its next session, before the program name and
   * the opt-out words are added; null when the event is not published or has no session ahead.
   */
  madeFromEvent: string | null;
  /** What the placeholders become for that same session (null likewise): the preview's values. */
  nextSession: ReminderValues | null;
  /**
   * What they become for each session of the event, published or in its draft: staff's words
   * must stay within 4 segments for the longest of these.
   */
  sessionValues: ReminderValues[];
  /** The organisation's published name, first in every text (the preview writes it). */
  programName: string;
  /** Numbers a reminder stored now would go to. */
  subscribers: number;
  /** Each session's reminder, cancelled ones too, by session. */
  reminders: SessionReminder[];
}
