import { MobileMenu } from "~/features/menu/MobileMenu";
import { originOf, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/menu-mobile";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/menu-mobile", { origin: originOf(matches) });

export default function Screen() {
  return <MobileMenu />;
}
