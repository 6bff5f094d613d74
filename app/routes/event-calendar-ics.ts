/** /events/<slug>/calendar.ics: one event's calendar file (its "Add to calendar" download). */
import { data } from "react-router";
import type { Route } from "./+types/event-calendar-ics";
import { loadContent } from "~/content/load.server";
import { calendarResponse } from "~/features/event/calendar-response";
import { SITE_URL } from "~/lib/seo";
import { siteOriginContext } from "~/lib/site-origin";

export function loader({ context, params }: Route.LoaderArgs) {
  const content = loadContent(context);
  const event = content.events.find((candidate) => candidate.slug === params.slug);
  if (!event) throw data(null, { status: 404 });
  return calendarResponse([event], {
    name: event.title,
    origin: context.get(siteOriginContext) ?? SITE_URL,
    organizationName: content.site.seo.siteName,
    filename: `${event.slug}.ics`,
  });
}
