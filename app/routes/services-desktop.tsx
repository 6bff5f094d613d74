import type { Route } from "./+types/services-desktop";
import { ServicesDesktop } from "~/features/services";
import { loadServicesPage } from "~/features/services/services-loader.server";
import { metaContent, originOf, pageMeta } from "~/lib/seo";

export function loader({ context }: Route.LoaderArgs) {
  return loadServicesPage(context, "desktop");
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/services-desktop", metaContent(matches), { origin: originOf(matches) });

export default function Screen() {
  return <ServicesDesktop />;
}
