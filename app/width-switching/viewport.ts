import { VARIANT_PATHS, type Variant } from "~/route-paths";

/**
 * Below 600 px wide counts as mobile (docs/product.md section 2.2). The one source of the
 * breakpoint: the stylesheets' media queries are checked against it (breakpoint-css.test.ts).
 */
export const MOBILE_BREAKPOINT = 600;
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;
/** The same rule as a `media` attribute for <link rel="alternate"> (search engines' form). */
export const MOBILE_QUERY_MEDIA = `only screen and (max-width: ${MOBILE_BREAKPOINT - 1}px)`;

/**
 * Where a path should go for a screen of the given variant, or null when it should stay:
 * "/about-desktop" on a mobile screen → "/about-mobile". The route table decides which paths
 * switch: only the screens listed twice there (VARIANT_PATHS), so every other page (the SMS
 * opt-in, the events and updates pages, the mobile menu, see decision 004, and the staff pages)
 * never switches, with no list of exceptions to keep (docs/product.md section 2.2).
 */
export function switchedPath(pathname: string, variant: Variant): string | null {
  // The server answers each page at its path with a trailing slash too.
  const path = pathname.replace(/\/+$/, "") || "/";
  const match = /^(\/.+)-(desktop|mobile)$/.exec(path);
  if (!match || match[2] === variant || !VARIANT_PATHS.includes(path)) return null;
  const twin = `${match[1]}-${variant}`;
  return VARIANT_PATHS.includes(twin) ? twin : null;
}

/**
 * The width rule itself: a window is "mobile" while `mobileQuery` matches. Written once and
 * self-contained, because the inline scripts (static-page-script.ts, variantRedirectScript)
 * carry its source text: it must use nothing from outside its own body.
 */
export function variantOfWindow(mobileQuery: string): Variant {
  return window.matchMedia(mobileQuery).matches ? "mobile" : "desktop";
}

/** The variant for the current window (browser only: call it in effects and handlers). */
export function currentVariant(): Variant {
  return variantOfWindow(MOBILE_QUERY);
}

/**
 * The inline script of a page that only redirects ("/", "/publications", …): it replaces itself
 * with `/<base>-<variant>` for the width before anything else loads, query and hash kept.
 */
export function variantRedirectScript(base: string): string {
  // A path name only, but never let a value end the <script> element.
  const path = JSON.stringify(`/${base}-`).replace(/</g, "\\u003c");
  const query = JSON.stringify(MOBILE_QUERY);
  return `location.replace(${path}+(${variantOfWindow.toString()})(${query})+location.search+location.hash)`;
}
