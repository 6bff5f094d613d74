import { HomeMobile } from "~/features/home/HomeMobile";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/home-mobile");

export default function Screen() {
  return <HomeMobile />;
}
