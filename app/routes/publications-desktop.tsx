import { PublicationsPage } from "~/features/publications";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/publications-desktop");

export default function Screen() {
  return <PublicationsPage variant="desktop" />;
}
