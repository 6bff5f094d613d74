import { HomeMobile } from "~/features/home/HomeMobile";
import { originOf, pageMeta } from "~/lib/seo";
import { featuredContext } from "~/lib/featured-context";
import { hydratedRoute } from "~/lib/hydration";
import type { Route } from "./+types/home-mobile";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/home-mobile", { origin: originOf(matches) });

/** Hydrates for the featured strip and the video's pause button. */
export const handle = hydratedRoute;

/** The featured updates the server rendered with (null: the strip loads them itself). */
export function loader({ context }: Route.LoaderArgs) {
  return { featured: context.get(featuredContext) };
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <HomeMobile featured={loaderData.featured} />;
}
