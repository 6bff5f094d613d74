import { currentsOfCare } from "~/content/event";
import { EventPage, eventJsonLd } from "~/features/event";
import { pageMeta } from "~/lib/seo";

export const meta = () =>
  pageMeta("/currents-of-care-desktop", { jsonLd: eventJsonLd(currentsOfCare) });

export default function CurrentsOfCareDesktop() {
  return <EventPage event={currentsOfCare} variant="desktop" />;
}
