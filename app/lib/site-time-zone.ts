import { createContext, useRouteLoaderData } from "react-router";
import { DEFAULT_SITE_TIME_ZONE } from "#common/site-year";

/**
 * The site's time zone (`SITE_TIME_ZONE`), set by the server for every render (server/render/):
 * the footer's year is the year there. Absent (build-time checks, tests): its default.
 */
export const siteTimeZoneContext = createContext<string | null>(null);

interface ContextReader {
  get: (context: typeof siteTimeZoneContext) => string | null;
}

/** The site's time zone from a loader's context, or the default. */
export function siteTimeZone(context: unknown): string {
  const reader = context as Partial<ContextReader> | null;
  const value = typeof reader?.get === "function" ? reader.get(siteTimeZoneContext) : null;
  return typeof value === "string" ? value : DEFAULT_SITE_TIME_ZONE;
}

/**
 * The site's time zone as the root loader gave it to the page (app/root.tsx); its default before
 * that. For route modules, which run inside the app's data router.
 */
export function useSiteTimeZone(): string {
  const root = useRouteLoaderData("root") as { timeZone?: unknown } | undefined;
  return typeof root?.timeZone === "string" ? root.timeZone : DEFAULT_SITE_TIME_ZONE;
}
