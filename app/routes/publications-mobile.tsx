import { PublicationsPage } from "~/features/publications";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/publications-mobile");

export default function Screen() {
  return <PublicationsPage variant="mobile" />;
}
