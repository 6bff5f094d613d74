import { HomeDesktop } from "~/features/home/HomeDesktop";
import { pageMeta } from "~/lib/seo";
import { hydratedRoute } from "~/lib/hydration";

export const meta = () => pageMeta("/home-desktop");

/** Hydrates for the featured strip and the partner carousel. */
export const handle = hydratedRoute;

export default function Screen() {
  return <HomeDesktop />;
}
