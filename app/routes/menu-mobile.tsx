import type { Route } from "./+types/menu-mobile";
import { loadContent } from "~/content/load.server";
import type { ContentSlices } from "~/content/slices";
import { MobileMenu } from "~/features/menu/MobileMenu";
import { metaContent, originOf, pageMeta } from "~/lib/seo";

/** The content this page shows (and nothing more: hydrating pages carry it in their HTML). */
export function loader({ context }: Route.LoaderArgs) {
  const content = loadContent(context);
  return {
    pageSeo: content.site.seo.pages.menu,
  } satisfies Partial<ContentSlices>;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/menu-mobile", metaContent(matches), { origin: originOf(matches) });

export default function Screen() {
  return <MobileMenu />;
}
