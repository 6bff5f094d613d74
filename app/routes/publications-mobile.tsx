import { PublicationsPage } from "~/features/publications";
import { originOf, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/publications-mobile";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/publications-mobile", { origin: originOf(matches) });

export default function Screen() {
  return <PublicationsPage variant="mobile" />;
}
