import { currentsOfCare } from "~/content/event";
import { EventPage, eventJsonLd } from "~/features/event";
import { originOf, pageMeta } from "~/lib/seo";
import { hydratedRoute } from "~/lib/hydration";
import type { Route } from "./+types/currents-of-care-desktop";

export const meta: Route.MetaFunction = ({ matches }) => {
  const origin = originOf(matches);
  return pageMeta("/currents-of-care-desktop", {
    origin,
    jsonLd: eventJsonLd(currentsOfCare, origin),
  });
};

/** Hydrates for the gallery. */
export const handle = hydratedRoute;

export default function CurrentsOfCareDesktop() {
  return <EventPage event={currentsOfCare} variant="desktop" />;
}
