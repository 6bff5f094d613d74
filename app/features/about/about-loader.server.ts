import { loadContent } from "~/content/load.server";
import type { ContentSlices } from "~/content/slices";

/**
 * The about routes' loader (app/routes/about-desktop.tsx and -mobile.tsx), in a module of its
 * own: only the server runs it, and the routes import it directly so that the client build drops
 * it with the loader.
 */
export function loadAboutPage(context: unknown) {
  const content = loadContent(context);
  return {
    pageSeo: content.site.seo.pages.about,
    about: content.about,
    team: content.team,
  } satisfies Partial<ContentSlices>;
}
