import { AboutPage } from "~/features/about/AboutPage";
import { originOf, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/about-mobile";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/about-mobile", { origin: originOf(matches) });

export default function Screen() {
  return <AboutPage variant="mobile" />;
}
