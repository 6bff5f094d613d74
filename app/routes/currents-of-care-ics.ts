/**
 * /currents-of-care.ics: the first event's calendar file (its "Add to calendar" download). A
 * resource route (a loader, no component), made from the published content, rendered by the
 * server and kept per content version like a page (listed in route-paths.ts).
 */
import { data } from "react-router";
import type { Route } from "./+types/currents-of-care-ics";
import { loadContent } from "~/content/load.server";
import { calendarResponse } from "~/features/event/calendar-response";
import { SITE_URL } from "~/lib/seo";
import { siteOriginContext } from "~/lib/site-origin";
import { FIRST_EVENT_SLUG } from "#common/event-paths";

export function loader({ context }: Route.LoaderArgs) {
  const content = loadContent(context);
  const event = content.events.find((candidate) => candidate.slug === FIRST_EVENT_SLUG);
  if (!event) throw data(null, { status: 404 });
  return calendarResponse([event], {
    name: event.title,
    origin: context.get(siteOriginContext) ?? SITE_URL,
    organizationName: content.site.seo.siteName,
    filename: `${FIRST_EVENT_SLUG}.ics`,
  });
}
