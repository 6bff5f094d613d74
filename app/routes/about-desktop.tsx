import { AboutPage } from "~/features/about/AboutPage";
import { originOf, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/about-desktop";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/about-desktop", { origin: originOf(matches) });

export default function Screen() {
  return <AboutPage variant="desktop" />;
}
