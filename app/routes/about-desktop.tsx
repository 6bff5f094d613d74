import type { Route } from "./+types/about-desktop";
import { loadContent } from "~/content/load";
import type { ContentSlices } from "~/content/slices";
import { AboutPage } from "~/features/about/AboutPage";
import { metaContent, originOf, pageMeta } from "~/lib/seo";

/** The content this page shows (and nothing more: hydrating pages carry it in their HTML). */
export function loader({ context }: Route.LoaderArgs) {
  const content = loadContent(context);
  return {
    pageSeo: content.site.seo.pages.about,
    about: content.about,
    team: content.team,
  } satisfies Partial<ContentSlices>;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/about-desktop", metaContent(matches), { origin: originOf(matches) });

export default function Screen() {
  return <AboutPage variant="desktop" />;
}
