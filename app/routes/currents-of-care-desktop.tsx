import type { Route } from "./+types/currents-of-care-desktop";
import { EventPage, eventPageMeta } from "~/features/event";
import { loadEventPage } from "~/features/event/event-loader";
import { useContent } from "~/content/use-content";
import { hydratedRoute } from "~/lib/hydration";

export function loader({ context }: Route.LoaderArgs) {
  return loadEventPage(context);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  eventPageMeta("desktop", matches, loaderData);

/** Hydrates for the gallery. */
export const handle = hydratedRoute;

export default function CurrentsOfCareDesktop() {
  return <EventPage event={useContent("event")} variant="desktop" />;
}
