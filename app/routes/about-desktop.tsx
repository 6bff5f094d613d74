import type { Route } from "./+types/about-desktop";
import { AboutPage } from "~/features/about/AboutPage";
import { loadAboutPage } from "~/features/about/about-loader.server";
import { metaContent, originOf, pageMeta } from "~/lib/seo";

export function loader({ context }: Route.LoaderArgs) {
  return loadAboutPage(context);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/about-desktop", metaContent(matches), { origin: originOf(matches) });

export default function Screen() {
  return <AboutPage variant="desktop" />;
}
