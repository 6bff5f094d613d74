import { useLoaderData } from "react-router";
import type { Route } from "./+types/event-page";
import { EventPage, eventPageMeta } from "~/features/event";
import { loadEventPage } from "~/features/event/event-loader.server";
import { eventPagePath } from "#common/event-paths";

/** /events/<slug>: an event other than the first, on one page for every width. */
export function loader({ context, params }: Route.LoaderArgs) {
  return loadEventPage(context, params.slug);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  eventPageMeta(
    loaderData ? (eventPagePath(loaderData.event.slug) as `/events/${string}`) : "/events",
    matches,
    loaderData,
  );

export default function EventScreen() {
  const { event, eventState } = useLoaderData<typeof loader>();
  return <EventPage event={event} state={eventState} variant="responsive" />;
}
