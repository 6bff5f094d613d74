/**
 * /currents-of-care.ics: the event's calendar file. A resource route (a loader, no component),
 * pre-rendered to build/client/currents-of-care.ics at build time (listed in route-paths.ts).
 */
import { currentsOfCare } from "~/content/event";
import { siteName } from "~/content/seo";
import { buildEventCalendar } from "~/features/event/ics";
import { EVENT_PAGE_PATH } from "~/features/event/json-ld";
import { absoluteUrl } from "~/lib/seo";

export function loader() {
  const body = buildEventCalendar(currentsOfCare, {
    pageUrl: absoluteUrl(EVENT_PAGE_PATH),
    generatedAt: new Date(),
    organizationName: siteName,
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="currents-of-care.ics"',
    },
  });
}
