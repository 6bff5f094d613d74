import { MobileMenu } from "~/features/menu/MobileMenu";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/menu-mobile");

export default function Screen() {
  return <MobileMenu />;
}
