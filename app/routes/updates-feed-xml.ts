/** /updates/feed.xml: the Atom feed of the 20 newest published updates. */
import type { Route } from "./+types/updates-feed-xml";
import { loadContent } from "~/content/load.server";
import { buildAtomFeed } from "~/features/updates-archive/atom";
import { SITE_URL } from "~/lib/seo";
import { siteOriginContext } from "~/lib/site-origin";
import { publishedUpdates } from "~/lib/updates-context";
import { UPDATES_TEXTS } from "~/features/updates-archive/updates-archive";

export function loader({ context }: Route.LoaderArgs) {
  const content = loadContent(context);
  const body = buildAtomFeed(publishedUpdates(context), {
    origin: context.get(siteOriginContext) ?? SITE_URL,
    title: `${content.site.seo.siteName}: ${UPDATES_TEXTS.feedTitle}`,
    author: content.organisation.name,
    generatedAt: new Date(),
  });
  return new Response(body, {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8" },
  });
}
