import { currentsOfCare } from "~/content/event";
import { EventPage, eventJsonLd } from "~/features/event";
import { pageMeta } from "~/lib/seo";
import { hydratedRoute } from "~/lib/hydration";

export const meta = () =>
  pageMeta("/currents-of-care-mobile", { jsonLd: eventJsonLd(currentsOfCare) });

/** Hydrates for the gallery. */
export const handle = hydratedRoute;

export default function CurrentsOfCareMobile() {
  return <EventPage event={currentsOfCare} variant="mobile" />;
}
