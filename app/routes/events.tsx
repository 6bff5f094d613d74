import { useLoaderData } from "react-router";
import type { Route } from "./+types/events";
import { ResponsiveLayout } from "~/components/PageLayout";
import { loadContent } from "~/content/load.server";
import type { ContentSlices } from "~/content/slices";
import { EventsPage } from "~/features/events-list";
import { eventsLists } from "~/features/events-list/events-list";
import { metaContent, originOf, pageMeta } from "~/lib/seo";
import { renderTime } from "~/lib/render-time";

/** Every published event, split at the render's moment (the server keys the page by it). */
export function loader({ context }: Route.LoaderArgs) {
  const content = loadContent(context);
  return {
    pageSeo: content.site.seo.pages.events,
    lists: eventsLists(content.events, renderTime(context)),
  } satisfies Partial<ContentSlices> & Record<string, unknown>;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/events", metaContent(matches), { origin: originOf(matches) });

export default function EventsScreen() {
  const { lists } = useLoaderData<typeof loader>();
  return (
    <ResponsiveLayout>
      <EventsPage lists={lists} />
    </ResponsiveLayout>
  );
}
