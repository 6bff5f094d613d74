/**
 * /robots.txt: everything but the staff pages may be crawled; the sitemap at the site's public
 * origin. Rendered by the server like a page (decision 016).
 */
import { SITE_URL, absoluteUrl } from "~/lib/seo";
import { siteOriginContext } from "~/lib/site-origin";
import type { Route } from "./+types/robots-txt";

export function loader({ context }: Route.LoaderArgs) {
  const origin = context.get(siteOriginContext) ?? SITE_URL;
  const body = `User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: ${absoluteUrl("/sitemap.xml", origin)}\n`;
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
