import { data } from "react-router";
import { loadContent } from "~/content/load.server";
import type { ContentSlices } from "~/content/slices";
import { renderTime } from "~/lib/render-time";
import { eventStateAt } from "#common/event-state";
import { FIRST_EVENT_SLUG } from "#common/event-paths";

/**
 * The event pages' loader (/currents-of-care-desktop and -mobile, /events/<slug>), in its own
 * module and out of the feature's index: only the server runs it, and the routes import it
 * directly so that the client build drops it with the loader. The event's state is computed for
 * the render's moment, the one the server keys its cached page by (docs/decisions/027).
 */
export function loadEventPage(context: unknown, slug: string) {
  const content = loadContent(context);
  const event = content.events.find((candidate) => candidate.slug === slug);
  // The server answers only addresses of published events; this covers a deleted first event.
  if (!event) throw data(null, { status: 404 });
  const pageSeo =
    slug === FIRST_EVENT_SLUG
      ? content.site.seo.pages.event
      : {
          title: `${event.title} | ${content.site.seo.siteName}`,
          description: event.description ?? event.tagline ?? content.site.seo.defaultDescription,
        };
  return {
    pageSeo,
    event,
    eventState: eventStateAt(event.sessions, renderTime(context), event.status).state,
  } satisfies Partial<ContentSlices> & Record<string, unknown>;
}

export type EventPageData = ReturnType<typeof loadEventPage>;
