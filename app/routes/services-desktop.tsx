import { ServicesDesktop } from "~/features/services";
import { originOf, pageMeta } from "~/lib/seo";
import { hydratedRoute } from "~/lib/hydration";
import type { Route } from "./+types/services-desktop";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/services-desktop", { origin: originOf(matches) });

/** Hydrates for the Inquire buttons (route state) and the video's pause button. */
export const handle = hydratedRoute;

export default function Screen() {
  return <ServicesDesktop />;
}
