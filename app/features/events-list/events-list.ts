import type { EventContent } from "#common/content/snapshot";
import { eventDateLines } from "#common/event-dates";
import { eventPagePath } from "#common/event-paths";
import { firstSession, isEventOver, lastSessionEnd, sessionSpans } from "#common/event-sessions";
import { eventStateAt, type EventState } from "#common/event-state";

/** The texts of /events (docs/product.md section 2.10). */
export const EVENTS_TEXTS = {
  heading: "Events",
  upcoming: "Upcoming events",
  noUpcoming: "No upcoming events right now.",
  past: "Past events",
  calendarFeed: "Subscribe to every event in your calendar app (.ics)",
} as const;

/** One event as /events lists it. */
export interface EventSummary {
  readonly title: string;
  readonly href: string;
  readonly datesLabel: string;
  readonly timeLabel: string;
  readonly place: string;
  /** The first session's start, for <time>. */
  readonly start: string;
  readonly state: EventState;
}

export interface EventsLists {
  readonly upcoming: readonly EventSummary[];
  readonly past: readonly EventSummary[];
}

const startOf = (event: EventContent) => sessionSpans(event.sessions)[0]?.start ?? 0;
const endOf = (event: EventContent) => lastSessionEnd(event.sessions) ?? 0;

/**
 * The events split at `now` by common/event-sessions.ts's rule: upcoming (a session still ahead
 * or under way, by first session, soonest first, with cancelled or postponed ones among them,
 * marked) and past (every session over, the latest to end first).
 */
export function eventsLists(events: readonly EventContent[], now: number): EventsLists {
  const summary = (event: EventContent): EventSummary => {
    const lines = eventDateLines(event);
    return {
      title: event.title,
      href: eventPagePath(event.slug),
      datesLabel: lines.dates,
      timeLabel: lines.time,
      place: [event.location.name, event.location.city, event.location.region]
        .filter(Boolean)
        .join(", "),
      start: firstSession(event.sessions)?.start ?? "",
      state: eventStateAt(event.sessions, now, event.status).state,
    };
  };
  // The same rule as the event's state: over once no session is under way or ahead.
  const over = (event: EventContent) => isEventOver(event.sessions, now);
  return {
    upcoming: events
      .filter((event) => !over(event))
      .sort((a, b) => startOf(a) - startOf(b))
      .map(summary),
    past: events
      .filter(over)
      .sort((a, b) => endOf(b) - endOf(a))
      .map(summary),
  };
}
