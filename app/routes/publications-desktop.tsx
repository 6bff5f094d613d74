import { PublicationsPage } from "~/features/publications";
import { originOf, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/publications-desktop";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/publications-desktop", { origin: originOf(matches) });

export default function Screen() {
  return <PublicationsPage variant="desktop" />;
}
