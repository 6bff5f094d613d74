import type { RegisterPages } from "../web/web-plugin.js";
import { readIslandEntryUrl } from "./island-entry.js";
import { type PagesOptions, registerPageRoutes } from "./page-routes.js";

/**
 * Where pages are rendered when `PUBLIC_ORIGIN` is not set: a fixed origin, never the request's
 * `Host` (a cached page must not carry a host a client chose).
 */
const DEFAULT_RENDER_ORIGIN = "http://localhost";

/**
 * The web plugin's `pages`: every path of the server build's route table rendered by the server
 * and kept in memory, with the client build's stylesheets inlined and its island script.
 */
export function sitePages(options: PagesOptions): RegisterPages {
  return async (app, site) => {
    const stylesheets = new Map<string, string>();
    for (const file of site.files) {
      if (file.relativePath.endsWith(".css")) {
        stylesheets.set(`/${file.relativePath}`, file.body.toString("utf8"));
      }
    }
    const islandEntry = await readIslandEntryUrl(site.clientDir);
    if (!islandEntry) {
      app.log.warn(
        `no island build in ${site.clientDir}: public pages go out without their island script`,
      );
    }
    return registerPageRoutes(app, {
      ...options,
      ...(islandEntry ? { islandEntry } : {}),
      origin: site.publicOrigin ?? DEFAULT_RENDER_ORIGIN,
      ...(site.publicOrigin ? { publicOrigin: site.publicOrigin } : {}),
      https: site.https,
      negotiator: site.negotiator,
      claim: site.claim,
      cssOf: (href) => {
        const css = stylesheets.get(href);
        if (css === undefined) throw new Error(`${href} is not in the client build`);
        return css;
      },
    });
  };
}
