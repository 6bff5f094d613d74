import type { Route } from "./+types/services-mobile";
import { ServicesMobile } from "~/features/services";
import { loadServicesPage } from "~/features/services/services-loader.server";
import { metaContent, originOf, pageMeta } from "~/lib/seo";

export function loader({ context }: Route.LoaderArgs) {
  return loadServicesPage(context, "mobile");
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/services-mobile", metaContent(matches), { origin: originOf(matches) });

export default function Screen() {
  return <ServicesMobile />;
}
