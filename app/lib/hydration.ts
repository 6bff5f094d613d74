import { useMatches, type UIMatch } from "react-router";

/**
 * What a route module's `handle` export may say. A page loads React Router's client application
 * only when one of its matched routes sets `hydrate: true`: the staff pages (client-only.tsx).
 * Public pages never do: they are finished HTML with a small inline script
 * (static-page-script.ts), and their interactive parts hydrate as islands (app/islands/,
 * docs/decisions/024).
 */
export interface RouteHandle {
  hydrate?: boolean;
}

/** The `handle` of a route that needs React in the browser. */
export const hydratedRoute = { hydrate: true } as const satisfies RouteHandle;

/** Whether a page with these matched routes loads React Router's client and hydrates. */
export function pageHydrates(matches: readonly Pick<UIMatch, "handle">[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate === true);
}

/**
 * Whether this page loads React Router's client: when a matched route asks for it (the staff
 * pages do, through app/lib/client-only.tsx), and always in the browser: code that runs there
 * was hydrated, and a page reached by client-side navigation keeps React Router's scripts.
 */
export function usePageHydrates(): boolean {
  const matches = useMatches();
  return typeof document !== "undefined" || pageHydrates(matches);
}
