/**
 * An event's state at a given moment, from its sessions and the clock: upcoming, happening now or
 * ended, unless staff marked it cancelled or postponed. Pure and zod-free so the server (render cache
 * key, JSON-LD) and the public bundles can share it; the clock is always passed in. Which session
 * is under way or next, and when the event is over, is common/event-sessions.ts's one rule.
 */

import { nextSession, sessionSpans, type TimedSession } from "./event-sessions.js";

export type { TimedSession } from "./event-sessions.js";

export type EventState = "upcoming" | "happening" | "ended" | "cancelled" | "postponed";
export type StaffStatus = "scheduled" | "cancelled" | "postponed";

export interface EventStateAt {
  readonly state: EventState;
  /**
   * The next instant (ms since the epoch) at which the time-derived state can change, or null when
   * it never will again (ended, or set by staff). Callers key caches or schedule revalidation on it.
   */
  readonly nextBoundary: number | null;
}

/**
 * What an event's page and /events say beside its dates when it can no longer be attended as
 * planned (docs/product.md section 2.10); an upcoming event says nothing.
 */
export const CLOSED_EVENT_NOTICE: Partial<Record<EventState, string>> = {
  ended: "This event has ended",
  cancelled: "This event is cancelled",
  postponed: "This event is postponed",
};

/** What /events says of an event with a session under way. */
export const HAPPENING_NOW_NOTICE = "Happening now";

/** schema.org eventStatus for each state (https://schema.org/EventStatusType). */
export const SCHEMA_ORG_EVENT_STATUS: Readonly<Record<EventState, string>> = {
  upcoming: "https://schema.org/EventScheduled",
  happening: "https://schema.org/EventScheduled",
  ended: "https://schema.org/EventScheduled",
  cancelled: "https://schema.org/EventCancelled",
  postponed: "https://schema.org/EventPostponed",
};

/**
 * The state of an event with these sessions at `now` (ms since the epoch). A session counts as
 * happening from its start (inclusive) to its end (exclusive); between two sessions the event is
 * upcoming again, since another session is still ahead.
 */
export function eventStateAt(
  sessions: readonly TimedSession[],
  now: number,
  staffStatus: StaffStatus = "scheduled",
): EventStateAt {
  if (staffStatus !== "scheduled") return { state: staffStatus, nextBoundary: null };
  const next = nextSession(sessions, now);
  if (!next) return { state: "ended", nextBoundary: null };
  const boundaries = sessionSpans(sessions)
    .flatMap((span) => [span.start, span.end])
    .filter((time) => time > now);
  const nextBoundary = boundaries.length > 0 ? Math.min(...boundaries) : null;
  const underWay = Date.parse(next.start) <= now;
  return { state: underWay ? "happening" : "upcoming", nextBoundary };
}

/**
 * The next instant after `now` at which any of these events changes state by the clock, or null
 * when none ever will. The server keys its cached pages by it, so every page showing an event
 * is rendered again once that moment has passed, on every instance, with no publish.
 */
export function nextEventsBoundary(
  events: readonly { readonly sessions: readonly TimedSession[]; readonly status?: StaffStatus }[],
  now: number,
): number | null {
  let next: number | null = null;
  for (const event of events) {
    const boundary = eventStateAt(event.sessions, now, event.status).nextBoundary;
    if (boundary !== null && (next === null || boundary < next)) next = boundary;
  }
  return next;
}
