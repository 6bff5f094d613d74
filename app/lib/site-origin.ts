import { createContext } from "react-router";

/**
 * The site's public origin (`PUBLIC_ORIGIN`), set by the server for each render (decision 016):
 * the host of canonical links, Open Graph URLs, JSON-LD, the sitemap and the calendar file
 * comes from the server's configuration, never from a request's `Host`. Null where the server
 * has none configured: `SITE_URL` in app/lib/seo.ts is used.
 */
export const siteOriginContext = createContext<string | null>(null);
