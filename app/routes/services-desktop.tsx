import { ServicesDesktop } from "~/features/services";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/services-desktop");

export default function Screen() {
  return <ServicesDesktop />;
}
