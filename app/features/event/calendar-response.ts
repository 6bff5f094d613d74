import type { EventContent } from "#common/content/snapshot";
import { buildEventCalendar } from "./ics";

/** An iCalendar answer of `events`, named `filename` when saved. */
export function calendarResponse(
  events: readonly EventContent[],
  options: { name: string; origin: string; organizationName: string; filename: string },
): Response {
  const body = buildEventCalendar(events, { ...options, generatedAt: new Date() });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${options.filename}"`,
    },
  });
}
