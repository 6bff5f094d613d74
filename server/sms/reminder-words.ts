import type { EventContent } from "../../common/content/event.js";
import { sessionDateLine, sessionTimeLine } from "../../common/event-dates.js";
import { eventPagePath } from "../../common/event-paths.js";
import { fillPlaceholders, type ReminderValues } from "../../common/event-reminders.js";

/** The words of an event reminder: made from the event, or staff's with the values filled. */

export type Session = EventContent["sessions"][number];

/**
 * One session's day, time (in the event's zone, or the line staff wrote for it) and place: the
 * words of the text made from the event, and what {day}, {time} and {place} become in staff's.
 */
export function reminderValues(event: EventContent, session: Session): ReminderValues {
  return {
    day: session.dateLabel ?? sessionDateLine(session, event.timezone),
    time: session.timeLabel ?? sessionTimeLine(session, event.timezone),
    place: [event.location.name, event.location.streetAddress, event.location.city]
      .filter((part) => part)
      .join(", "),
  };
}

/** The reminder's words made from the event for one session (before the program name). */
export function reminderFromEvent(
  event: EventContent,
  session: Session,
  publicOrigin: string | undefined,
): string {
  const { day, time, place } = reminderValues(event, session);
  const page = publicOrigin ? ` ${publicOrigin}${eventPagePath(event.slug)}` : "";
  return `Reminder: ${event.title}, ${day}, ${time}, at ${place}.${page}`;
}

/** The words one session's reminder carries: staff's with its values filled, or the made text. */
export function reminderWords(
  body: string | null,
  event: EventContent,
  session: Session,
  publicOrigin: string | undefined,
): string {
  return body === null
    ? reminderFromEvent(event, session, publicOrigin)
    : fillPlaceholders(body, reminderValues(event, session));
}
