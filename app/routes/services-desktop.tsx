import type { Route } from "./+types/services-desktop";
import { loadContent } from "~/content/load";
import { coursesFor, type ContentSlices } from "~/content/slices";
import { ServicesDesktop } from "~/features/services";
import { metaContent, originOf, pageMeta } from "~/lib/seo";
import { hydratedRoute } from "~/lib/hydration";

/** The content this page shows (and nothing more: hydrating pages carry it in their HTML). */
export function loader({ context }: Route.LoaderArgs) {
  const content = loadContent(context);
  return {
    pageSeo: content.site.seo.pages.services,
    services: content.services,
    courses: coursesFor(content, "desktop"),
    expertise: content.expertise,
  } satisfies Partial<ContentSlices>;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/services-desktop", metaContent(matches), { origin: originOf(matches) });

/** Hydrates for the Inquire buttons (route state) and the video's pause button. */
export const handle = hydratedRoute;

export default function Screen() {
  return <ServicesDesktop />;
}
