import type { Route } from "./+types/home-desktop";
import { loadContent } from "~/content/load.server";
import { homeDesktop, type ContentSlices } from "~/content/slices";
import { HomeDesktop } from "~/features/home/HomeDesktop";
import { metaContent, originOf, pageMeta } from "~/lib/seo";
import { featuredContext } from "~/lib/featured-context";

/**
 * The content this page shows (and nothing more: hydrating pages carry it in their HTML), and
 * the featured updates the server rendered with (null: the strip loads them itself).
 */
export function loader({ context }: Route.LoaderArgs) {
  const content = loadContent(context);
  const slices = {
    pageSeo: content.site.seo.pages.home,
    home: homeDesktop(content),
    projects: content.projects,
    partners: content.partners,
  } satisfies Partial<ContentSlices>;
  return { ...slices, featured: context.get(featuredContext) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/home-desktop", metaContent(matches), { origin: originOf(matches), feed: true });

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <HomeDesktop featured={loaderData.featured} />;
}
