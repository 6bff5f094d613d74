/**
 * Where an event's page and calendar file live (docs/product.md section 2.1). Zod-free: the
 * schemas, the seed, the server and the public pages share it.
 */

/**
 * The event that keeps the site's first addresses: /currents-of-care (which sends each visitor
 * to -desktop or -mobile) and /currents-of-care.ics. Every other event is at /events/<slug>.
 */
export const FIRST_EVENT_SLUG = "currents-of-care";

/** Every event, upcoming then past. */
export const EVENTS_PATH = "/events";
/** One iCalendar feed of every published event, for calendar apps to subscribe to. */
export const EVENTS_CALENDAR_PATH = "/events/calendar.ics";

/** The public address of an event's page. */
export function eventPagePath(slug: string): string {
  return slug === FIRST_EVENT_SLUG ? `/${FIRST_EVENT_SLUG}` : `${EVENTS_PATH}/${slug}`;
}

/** The address of an event's own calendar file. */
export function eventCalendarPath(slug: string): string {
  return slug === FIRST_EVENT_SLUG
    ? `/${FIRST_EVENT_SLUG}.ics`
    : `${EVENTS_PATH}/${slug}/calendar.ics`;
}
