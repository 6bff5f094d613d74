import type { EventContent } from "#common/content/snapshot";
import { eventDateLines } from "#common/event-dates";
import { eventPagePath } from "#common/event-paths";
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

const startOf = (event: EventContent) =>
  Math.min(...event.sessions.map((session) => Date.parse(session.start)));
const endOf = (event: EventContent) =>
  Math.max(...event.sessions.map((session) => Date.parse(session.end)));

/**
 * The events split at `now`: upcoming (a session still ahead or under way, soonest first, with
 * cancelled or postponed ones among them, marked) and past (every session over, latest first).
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
      start: event.sessions[0]?.start ?? "",
      state: eventStateAt(event.sessions, now, event.status).state,
    };
  };
  const over = (event: EventContent) => endOf(event) <= now;
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
