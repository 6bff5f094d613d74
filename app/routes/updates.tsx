import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/updates";
import { ResponsiveLayout } from "~/components/PageLayout";
import { loadContent } from "~/content/load.server";
import type { ContentSlices } from "~/content/slices";
import { UpdatesPage } from "~/features/updates-archive";
import { updatesPage } from "~/features/updates-archive/updates-archive";
import { metaContent, originOf, pageMeta } from "~/lib/seo";
import { publishedUpdates } from "~/lib/updates-context";
import { UPDATES_PAGE_PARAM, updatesPageNumber } from "#common/updates";

/**
 * One page of every published update. The server renders `?page=N` only for pages that exist
 * (server/render/page-routes.ts); anything else here is a 404 too.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const content = loadContent(context);
  const updates = publishedUpdates(context);
  const asked = new URL(request.url).searchParams.get(UPDATES_PAGE_PARAM);
  const number = updatesPageNumber(asked, updates.length);
  if (number === undefined) throw data(null, { status: 404 });
  return {
    pageSeo: content.site.seo.pages.updates,
    page: updatesPage(updates, number),
  } satisfies Partial<ContentSlices> & Record<string, unknown>;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/updates", metaContent(matches), { origin: originOf(matches), feed: true });

export default function UpdatesScreen() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <ResponsiveLayout>
      <UpdatesPage page={page} />
    </ResponsiveLayout>
  );
}
