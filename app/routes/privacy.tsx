import type { Route } from "./+types/privacy";
import { ResponsiveLayout } from "~/components/PageLayout";
import { useContent } from "~/content/use-content";
import { LegalPage } from "~/features/legal-page";
import { loadLegalPage } from "~/features/legal-page/legal-page-loader.server";
import { metaContent, originOf, pageMeta } from "~/lib/seo";

export function loader({ context }: Route.LoaderArgs) {
  return loadLegalPage(context, "privacy");
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/privacy", metaContent(matches), { origin: originOf(matches) });

/** The privacy policy: one page for every width, no island. */
export default function PrivacyScreen() {
  const page = useContent("privacy");
  return (
    <ResponsiveLayout>
      <LegalPage page={page} />
    </ResponsiveLayout>
  );
}
