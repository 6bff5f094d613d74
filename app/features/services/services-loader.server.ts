import { loadContent } from "~/content/load.server";
import { coursesFor, type ContentSlices } from "~/content/slices";
import type { Variant } from "~/route-paths";

/**
 * The services routes' loader (app/routes/services-desktop.tsx and -mobile.tsx), in its own
 * module and out of the feature's index: only the server runs it, and the routes import it
 * directly so that the client build drops it with the loader. Each variant lists its courses.
 */
export function loadServicesPage(context: unknown, variant: Variant) {
  const content = loadContent(context);
  return {
    pageSeo: content.site.seo.pages.services,
    services: content.services,
    courses: coursesFor(content, variant),
    expertise: content.expertise,
  } satisfies Partial<ContentSlices>;
}
