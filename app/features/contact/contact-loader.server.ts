import { loadContent } from "~/content/load.server";
import type { ContentSlices } from "~/content/slices";
import { loadFormOutcome, loadInquire } from "~/lib/form-outcome-context";

/**
 * The contact routes' loader (app/routes/contact-desktop.tsx and -mobile.tsx), in its own module
 * and out of the feature's index: only the server runs it, and the routes import it directly so
 * that the client build drops it with the loader.
 */
export function loadContactPage(context: unknown) {
  const content = loadContent(context);
  const outcome = loadFormOutcome(context);
  const inquire = loadInquire(context);
  return {
    pageSeo: content.site.seo.pages.contact,
    contact: content.site.contact,
    // The outcome of a post without JavaScript, and the Inquire prefill (decision 023) with the
    // course it asked about (design 15).
    formOutcome: outcome?.form === "contact" ? outcome : null,
    inquireMessage: inquire ? content.services.inquireMessage : null,
    inquireCourse: content.courses.find((course) => course.id === inquire?.course)?.title ?? null,
  } satisfies Partial<ContentSlices> & Record<string, unknown>;
}
