/**
 * /sitemap.xml: every page that is its own canonical URL (the desktop variants, the single
 * pages and every event's page; mobile twins name their desktop twin as canonical, and the menu
 * is not a page to find), at the site's public origin. Rendered by the server like a page
 * (decision 016), from the published content.
 */
import { loadContent } from "~/content/load.server";
import { SITE_URL, absoluteUrl } from "~/lib/seo";
import { siteOriginContext } from "~/lib/site-origin";
import { SINGLE_SCREENS, VARIANT_SCREENS, variantPath } from "~/route-paths";
import { FIRST_EVENT_SLUG, eventPagePath } from "#common/event-paths";
import type { Route } from "./+types/sitemap-xml";

/** The fixed paths listed, in the order of the route table (event pages follow them). */
export const SITEMAP_PATHS: readonly string[] = [
  ...VARIANT_SCREENS.map((screen) => variantPath(screen, "desktop")),
  ...SINGLE_SCREENS.filter((path) => path !== "/menu-mobile"),
];

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function loader({ context }: Route.LoaderArgs) {
  const origin = context.get(siteOriginContext) ?? SITE_URL;
  // The first event's page is /currents-of-care-desktop, listed with the variants.
  const eventPaths = loadContent(context)
    .events.filter((event) => event.slug !== FIRST_EVENT_SLUG)
    .map((event) => eventPagePath(event.slug));
  const urls = [...SITEMAP_PATHS, ...eventPaths].map(
    (path) => `  <url><loc>${escapeXml(absoluteUrl(path, origin))}</loc></url>`,
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
