import { loadContent } from "~/content/load";
import type { ContentSlices } from "~/content/slices";
import { readFormState } from "~/lib/form-state";

/**
 * The contact routes' loader (app/routes/contact-desktop.tsx and -mobile.tsx), in its own module
 * and out of the feature's index: only the server runs it, and the routes import it directly so
 * that the client build drops it with the loader.
 */
export function loadContactPage(context: unknown) {
  const content = loadContent(context);
  const rendered = readFormState(context);
  return {
    pageSeo: content.site.seo.pages.contact,
    contact: content.site.contact,
    // A no-JavaScript post's outcome or Inquire's message, for this one render (decision 023).
    formState:
      rendered?.kind === "inquire"
        ? ({ kind: "prefill", message: content.services.inquireMessage } as const)
        : rendered,
  } satisfies Partial<ContentSlices> & Record<string, unknown>;
}
