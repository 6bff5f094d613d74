import type { Route } from "./+types/currents-of-care-mobile";
import { loadContent } from "~/content/load";
import type { ContentSlices } from "~/content/slices";
import { EventPage, eventJsonLd } from "~/features/event";
import { useContent } from "~/content/use-content";
import { metaContent, originOf, pageMeta } from "~/lib/seo";
import { hydratedRoute } from "~/lib/hydration";

/** The content this page shows (and nothing more: hydrating pages carry it in their HTML). */
export function loader({ context }: Route.LoaderArgs) {
  const content = loadContent(context);
  return {
    pageSeo: content.site.seo.pages.event,
    event: content.event,
  } satisfies Partial<ContentSlices>;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const content = metaContent(matches);
  const origin = originOf(matches);
  return pageMeta("/currents-of-care-mobile", content, {
    origin,
    jsonLd: eventJsonLd(loaderData.event, content.layout.organizationName, origin),
  });
};

/** Hydrates for the gallery. */
export const handle = hydratedRoute;

export default function CurrentsOfCareMobile() {
  return <EventPage event={useContent("event")} variant="mobile" />;
}
