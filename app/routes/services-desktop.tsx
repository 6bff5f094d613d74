import { ServicesDesktop } from "~/features/services";
import { pageMeta } from "~/lib/seo";
import { hydratedRoute } from "~/lib/hydration";

export const meta = () => pageMeta("/services-desktop");

/** Hydrates for the Inquire buttons (route state) and the video's pause button. */
export const handle = hydratedRoute;

export default function Screen() {
  return <ServicesDesktop />;
}
