import { ServicesMobile } from "~/features/services";
import { originOf, pageMeta } from "~/lib/seo";
import { hydratedRoute } from "~/lib/hydration";
import type { Route } from "./+types/services-mobile";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/services-mobile", { origin: originOf(matches) });

/** Hydrates for the Inquire buttons (route state) and the video's pause button. */
export const handle = hydratedRoute;

export default function Screen() {
  return <ServicesMobile />;
}
