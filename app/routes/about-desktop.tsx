import { AboutPage } from "~/features/about/AboutPage";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/about-desktop");

export default function Screen() {
  return <AboutPage variant="desktop" />;
}
