import type { Route } from "./+types/publications-desktop";
import { loadContent } from "~/content/load";
import type { ContentSlices } from "~/content/slices";
import { PublicationsPage } from "~/features/publications";
import { metaContent, originOf, pageMeta } from "~/lib/seo";

/** The content this page shows (and nothing more: hydrating pages carry it in their HTML). */
export function loader({ context }: Route.LoaderArgs) {
  const content = loadContent(context);
  return {
    pageSeo: content.site.seo.pages.publications,
    publicationsPage: content.site.publicationsPage,
    publications: content.publications,
    conferences: content.conferences,
  } satisfies Partial<ContentSlices>;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/publications-desktop", metaContent(matches), { origin: originOf(matches) });

export default function Screen() {
  return <PublicationsPage variant="desktop" />;
}
