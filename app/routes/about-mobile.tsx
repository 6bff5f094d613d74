import { AboutPage } from "~/features/about/AboutPage";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/about-mobile");

export default function Screen() {
  return <AboutPage variant="mobile" />;
}
