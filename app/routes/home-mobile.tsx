import { HomeMobile } from "~/features/home/HomeMobile";
import { pageMeta } from "~/lib/seo";
import { hydratedRoute } from "~/lib/hydration";

export const meta = () => pageMeta("/home-mobile");

/** Hydrates for the featured strip and the video's pause button. */
export const handle = hydratedRoute;

export default function Screen() {
  return <HomeMobile />;
}
