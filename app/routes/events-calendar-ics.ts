/**
 * /events/calendar.ics: every published event in one iCalendar feed, for calendar apps to
 * subscribe to (past events included: a subscribed calendar keeps its history).
 */
import type { Route } from "./+types/events-calendar-ics";
import { loadContent } from "~/content/load.server";
import { calendarResponse } from "~/features/event/calendar-response";
import { SITE_URL } from "~/lib/seo";
import { siteOriginContext } from "~/lib/site-origin";

export function loader({ context }: Route.LoaderArgs) {
  const content = loadContent(context);
  return calendarResponse(content.events, {
    name: `${content.site.seo.siteName}: events`,
    origin: context.get(siteOriginContext) ?? SITE_URL,
    organizationName: content.site.seo.siteName,
    filename: "events.ics",
  });
}
