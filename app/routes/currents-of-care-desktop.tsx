import { useLoaderData } from "react-router";
import type { Route } from "./+types/currents-of-care-desktop";
import { EventPage, eventPageMeta } from "~/features/event";
import { loadEventPage } from "~/features/event/event-loader.server";
import { FIRST_EVENT_SLUG } from "#common/event-paths";

export function loader({ context }: Route.LoaderArgs) {
  return loadEventPage(context, FIRST_EVENT_SLUG);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  eventPageMeta("/currents-of-care-desktop", matches, loaderData);

export default function CurrentsOfCareDesktop() {
  const { event, eventState } = useLoaderData<typeof loader>();
  return <EventPage event={event} state={eventState} variant="desktop" />;
}
