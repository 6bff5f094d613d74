import { HomeDesktop } from "~/features/home/HomeDesktop";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/home-desktop");

export default function Screen() {
  return <HomeDesktop />;
}
