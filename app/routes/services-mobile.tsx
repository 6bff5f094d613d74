import { ServicesMobile } from "~/features/services";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/services-mobile");

export default function Screen() {
  return <ServicesMobile />;
}
