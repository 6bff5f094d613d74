/**
 * Which values a public address with parameters is answered for: the slugs of the published
 * events for /events/:slug and /events/:slug/calendar.ics (docs/decisions/027). Anything else is
 * the 404 screen, so arbitrary values never reach the renderer or its cache.
 */
import { seedSnapshot, type ContentSnapshot } from "../../common/content/snapshot.js";
import { FIRST_EVENT_SLUG } from "../../common/event-paths.js";

/** The path a pattern stands for with these values, or undefined when they are not published. */
export function publishedPath(
  pattern: string,
  params: Readonly<Record<string, string | undefined>>,
  snapshot: ContentSnapshot | undefined,
): string | undefined {
  if (!pattern.startsWith("/events/:slug")) return undefined;
  const slug = params["slug"];
  // The first event keeps its own addresses (/currents-of-care, /currents-of-care.ics).
  if (!slug || slug === FIRST_EVENT_SLUG) return undefined;
  const events = (snapshot ?? seedSnapshot()).events;
  if (!events.some((event) => event.slug === slug)) return undefined;
  return pattern.replace(":slug", slug);
}
