import { loadContent } from "~/content/load.server";
import type { ContentSlices } from "~/content/slices";
import type { Variant } from "~/route-paths";

/**
 * The publications routes' loader (app/routes/publications-desktop.tsx and -mobile.tsx), in its
 * own module and out of the feature's index: only the server runs it, and the routes import it
 * directly so that the client build drops it with the loader. Only the desktop page lists the
 * conferences.
 */
export function loadPublicationsPage(context: unknown, variant: Variant) {
  const content = loadContent(context);
  return {
    pageSeo: content.site.seo.pages.publications,
    publicationsPage: content.site.publicationsPage,
    publications: content.publications,
    ...(variant === "desktop" ? { conferences: content.conferences } : {}),
  } satisfies Partial<ContentSlices>;
}
