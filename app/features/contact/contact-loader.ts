import { loadContent } from "~/content/load";
import type { ContentSlices } from "~/content/slices";

/**
 * The contact routes' loader (app/routes/contact-desktop.tsx and -mobile.tsx), in its own module
 * and out of the feature's index: only the server runs it, and the routes import it directly so
 * that the client build drops it with the loader.
 */
export function loadContactPage(context: unknown) {
  const content = loadContent(context);
  return {
    pageSeo: content.site.seo.pages.contact,
    contact: content.site.contact,
  } satisfies Partial<ContentSlices>;
}
