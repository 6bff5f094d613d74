import { currentsOfCare } from "~/content/event";
import { EventPage, eventJsonLd } from "~/features/event";
import { pageMeta } from "~/lib/seo";

export const meta = () =>
  pageMeta("/currents-of-care-mobile", { jsonLd: eventJsonLd(currentsOfCare) });

export default function CurrentsOfCareMobile() {
  return <EventPage event={currentsOfCare} variant="mobile" />;
}
