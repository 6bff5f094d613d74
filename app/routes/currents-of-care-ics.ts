/**
 * /currents-of-care.ics: the event's calendar file. A resource route (a loader, no component),
 * made from the published content, rendered by the server and kept per content version like a
 * page (listed in route-paths.ts).
 */
import type { Route } from "./+types/currents-of-care-ics";
import { loadContent } from "~/content/load";
import { buildEventCalendar } from "~/features/event/ics";
import { EVENT_PAGE_PATH } from "~/features/event/json-ld";
import { absoluteUrl } from "~/lib/seo";
import { siteOriginContext } from "~/lib/site-origin";

export function loader({ context }: Route.LoaderArgs) {
  const content = loadContent(context);
  const body = buildEventCalendar(content.event, {
    pageUrl: absoluteUrl(EVENT_PAGE_PATH, context.get(siteOriginContext) ?? undefined),
    generatedAt: new Date(),
    organizationName: content.site.seo.siteName,
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="currents-of-care.ics"',
    },
  });
}
