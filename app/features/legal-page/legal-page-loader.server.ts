import type { LegalPageContent } from "#common/content/snapshot";
import { loadContent } from "~/content/load.server";
import type { ContentSlices } from "~/content/slices";

/**
 * The loader of /privacy and /terms (app/routes/privacy.tsx, terms.tsx): the page's published
 * texts, as the slice of its name, and its title and description. Server-only, imported by the
 * routes directly so the client build drops it.
 */
export function loadLegalPage<N extends "privacy" | "terms">(
  context: unknown,
  collection: N,
): Pick<ContentSlices, "pageSeo"> & Record<N, LegalPageContent> {
  const page = loadContent(context)[collection];
  return { pageSeo: page.seo, [collection]: page } as Pick<ContentSlices, "pageSeo"> &
    Record<N, LegalPageContent>;
}
