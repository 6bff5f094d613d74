import { HomeDesktop } from "~/features/home/HomeDesktop";
import { originOf, pageMeta } from "~/lib/seo";
import { featuredContext } from "~/lib/featured-context";
import { hydratedRoute } from "~/lib/hydration";
import type { Route } from "./+types/home-desktop";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/home-desktop", { origin: originOf(matches) });

/** Hydrates for the featured strip and the partner carousel. */
export const handle = hydratedRoute;

/** The featured updates the server rendered with (null: the strip loads them itself). */
export function loader({ context }: Route.LoaderArgs) {
  return { featured: context.get(featuredContext) };
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <HomeDesktop featured={loaderData.featured} />;
}
