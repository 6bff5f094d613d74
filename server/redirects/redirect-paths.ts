/*
 * How redirect paths are compared: without a trailing slash (the router treats /a/ as /a), and
 * a target only when it is on this site.
 */

/** `/old/` and `/old` are one path; `/` stays `/`. */
export function normaliseFromPath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/** A target's path without its query and fragment, normalised. */
export function pathOfTarget(to: string): string {
  return normaliseFromPath(to.split(/[?#]/, 1)[0]!);
}

/**
 * The site-relative target (`/about-desktop#team`) for `to`, or undefined when it leads off this
 * site: another host, a protocol-relative `//host`, a scheme such as `javascript:`. A full URL on
 * `PUBLIC_ORIGIN` is made relative.
 */
export function siteTarget(to: string, publicOrigin: string | undefined): string | undefined {
  if (/^\/(?!\/)/.test(to)) return to;
  if (!publicOrigin) return undefined;
  try {
    const url = new URL(to);
    if (url.origin !== new URL(publicOrigin).origin) return undefined;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return undefined;
  }
}

/** Public addresses only: the API and the staff pages are never redirected. */
export function isReservedPath(path: string): boolean {
  return /^\/(api|admin)(\/|$)/.test(path);
}
