import type { Route } from "./+types/publications-mobile";
import { PublicationsPage } from "~/features/publications";
import { loadPublicationsPage } from "~/features/publications/publications-loader.server";
import { metaContent, originOf, pageMeta } from "~/lib/seo";

export function loader({ context }: Route.LoaderArgs) {
  return loadPublicationsPage(context, "mobile");
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/publications-mobile", metaContent(matches), { origin: originOf(matches) });

export default function Screen() {
  return <PublicationsPage variant="mobile" />;
}
