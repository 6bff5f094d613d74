import type { Route } from "./+types/terms";
import { ResponsiveLayout } from "~/components/PageLayout";
import { useContent } from "~/content/use-content";
import { LegalPage } from "~/features/legal-page";
import { loadLegalPage } from "~/features/legal-page/legal-page-loader.server";
import { metaContent, originOf, pageMeta } from "~/lib/seo";

export function loader({ context }: Route.LoaderArgs) {
  return loadLegalPage(context, "terms");
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/terms", metaContent(matches), { origin: originOf(matches) });

/** The terms of service: one page for every width, no island. */
export default function TermsScreen() {
  const page = useContent("terms");
  return (
    <ResponsiveLayout>
      <LegalPage page={page} />
    </ResponsiveLayout>
  );
}
