import type { Route } from "./+types/publications-mobile";
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
  } satisfies Partial<ContentSlices>;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/publications-mobile", metaContent(matches), { origin: originOf(matches) });

export default function Screen() {
  return <PublicationsPage variant="mobile" />;
}
