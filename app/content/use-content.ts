import { useMatches } from "react-router";
import type { ContentSlices, SliceName } from "./slices";

/** A matched route as both components (useMatches) and meta functions see it. */
interface MatchWithData {
  loaderData?: unknown;
}

/**
 * A content slice from the matched routes' loader data, the deepest route first (a page's own
 * loader, then the root's). Throws when no matched route loaded it: a route that shows a slice
 * must load it, and a missing one is a programming error, not something to render around.
 */
export function contentFromMatches<K extends SliceName>(
  matches: readonly (MatchWithData | undefined)[],
  name: K,
): ContentSlices[K] {
  for (let index = matches.length - 1; index >= 0; index--) {
    const data = matches[index]?.loaderData;
    if (typeof data === "object" && data !== null && name in data) {
      return (data as Partial<ContentSlices>)[name] as ContentSlices[K];
    }
  }
  throw new Error(`No matched route loaded the "${name}" content`);
}

/** A content slice for this page, e.g. `useContent("home")`. */
export function useContent<K extends SliceName>(name: K): ContentSlices[K] {
  return contentFromMatches(useMatches(), name);
}
