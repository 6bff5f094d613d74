import type { Variant } from "~/route-paths";

/** Below 600 px wide counts as mobile (docs/product.md section 2.2). */
export const MOBILE_BREAKPOINT = 600;
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;
/** The same rule as a `media` attribute for <link rel="alternate"> (search engines' form). */
export const MOBILE_QUERY_MEDIA = `only screen and (max-width: ${MOBILE_BREAKPOINT - 1}px)`;

/**
 * Paths that never switch variant: the SMS form and the admin pages (docs/product.md section 2.2), and the mobile
 * menu, which is usable at any width (docs/decisions/004-menu-mobile-exempt-from-switching.md).
 */
export function isExemptFromSwitching(pathname: string): boolean {
  // The server answers each page at its path with a trailing slash too.
  const path = pathname.replace(/\/+$/, "") || "/";
  return (
    path === "/sms-opt-in" ||
    path === "/admin" ||
    path.startsWith("/admin/") ||
    path === "/menu-mobile"
  );
}

/**
 * Where a path should go for a screen of the given variant, or null when it should stay:
 * "/about-desktop" on a mobile screen → "/about-mobile".
 */
export function switchedPath(pathname: string, variant: Variant): string | null {
  if (isExemptFromSwitching(pathname)) return null;
  const match = /^(\/.+)-(desktop|mobile)\/?$/.exec(pathname);
  if (!match || match[2] === variant) return null;
  return `${match[1]}-${variant}`;
}

/** The variant for the current window (browser only: call it in effects and handlers). */
export function currentVariant(): Variant {
  return window.matchMedia(MOBILE_QUERY).matches ? "mobile" : "desktop";
}
