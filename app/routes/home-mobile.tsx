import type { Route } from "./+types/home-mobile";
import { loadContent } from "~/content/load.server";
import type { ContentSlices } from "~/content/slices";
import { HomeMobile } from "~/features/home/HomeMobile";
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
    homeMobile: content.home.mobile,
  } satisfies Partial<ContentSlices>;
  return { ...slices, featured: context.get(featuredContext) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/home-mobile", metaContent(matches), { origin: originOf(matches), feed: true });

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <HomeMobile featured={loaderData.featured} />;
}
