/**
 * The site's routes as the site-wide checks see them: every public path of the route table
 * (app/route-paths.ts), which of them only redirect, and where each one settles at a given width.
 */
import {
  ADMIN_PATHS,
  FIXED_REDIRECTS,
  RESOURCE_FILES,
  VARIANT_REDIRECTS,
  VARIANTS,
  publicPaths as allPublicPaths,
  variantPath,
} from "../../../app/route-paths";
import { MOBILE_BREAKPOINT } from "../../../app/width-switching/viewport";

export { ADMIN_PATHS, MOBILE_BREAKPOINT };

/**
 * Every public HTML page the server renders (redirects included). Resource files such as
 * `/currents-of-care.ics` are not pages and are left out.
 */
export const publicPaths: readonly string[] = allPublicPaths.filter(
  (path) => !(path in RESOURCE_FILES),
);

/** The two widths every page is checked at. */
export const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export type ViewportName = keyof typeof VIEWPORTS;

/** Paths that render no screen of their own: they replace themselves with another page. */
export const REDIRECT_PATHS: readonly string[] = [
  ...Object.keys(VARIANT_REDIRECTS),
  ...Object.keys(FIXED_REDIRECTS),
];

/** Every public path that shows a screen (not a pure redirect). */
export const PUBLIC_PAGES: readonly string[] = publicPaths.filter(
  (path) => !REDIRECT_PATHS.includes(path),
);

/** The admin page as a visitor first sees it (locked), served by the client-only fallback. */
export const ADMIN_PAGE = ADMIN_PATHS[0];

const VARIANT_RE = /-(mobile|desktop)$/;

/** The other variant of a `-mobile`/`-desktop` path, when the site has it. */
export function twinOf(path: string): string | undefined {
  const match = VARIANT_RE.exec(path);
  if (!match) return undefined;
  const twin = path.replace(VARIANT_RE, match[1] === "mobile" ? "-desktop" : "-mobile");
  return publicPaths.includes(twin) ? twin : undefined;
}

export function isMobilePath(path: string): boolean {
  return path.endsWith("-mobile");
}

export function isDesktopPath(path: string): boolean {
  return path.endsWith("-desktop");
}

/**
 * Where `path` ends up at `width` once the redirects have run: `/`, `/publications` and
 * `/currents-of-care` go to the variant for the width, `/menu` to `/menu-mobile`, and a
 * `-mobile`/`-desktop` page switches to its twin when the width calls for the other variant
 * (docs/product.md section 2.2; a page without a twin, such as /menu-mobile, stays).
 */
export function settledPath(path: string, width: number): string {
  const mobile = width < MOBILE_BREAKPOINT;
  if (path in VARIANT_REDIRECTS) {
    const screen = VARIANT_REDIRECTS[path as keyof typeof VARIANT_REDIRECTS];
    return variantPath(screen, mobile ? "mobile" : "desktop");
  }
  const target = FIXED_REDIRECTS[path as keyof typeof FIXED_REDIRECTS] ?? path;
  const wantsSwitch = mobile ? isDesktopPath(target) : isMobilePath(target);
  return (wantsSwitch ? twinOf(target) : undefined) ?? target;
}

/** The distinct pages a visitor can see at `width`, from every public path. */
export function pagesAt(width: number): string[] {
  return [...new Set(publicPaths.map((path) => settledPath(path, width)))];
}

/** The width a path is meant for: 390 px for `-mobile` pages, 1280 px for the rest. */
export function nativeViewport(path: string): (typeof VIEWPORTS)[ViewportName] {
  return isMobilePath(path) ? VIEWPORTS.mobile : VIEWPORTS.desktop;
}

/** The home pages (JSON-LD Organization) and the event pages (JSON-LD Event). */
export const HOME_PAGES: readonly string[] = VARIANTS.map((variant) =>
  variantPath("home", variant),
);
export const EVENT_PAGES: readonly string[] = VARIANTS.map((variant) =>
  variantPath("currents-of-care", variant),
);
