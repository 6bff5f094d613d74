import type { AdminPath } from "~/route-paths";

/** Every staff page's title: its one h1, its entry in the staff navigation and its tab title. */
export const STAFF_PAGE_TITLES: Readonly<Record<AdminPath, string>> = {
  "/admin/updates": "Site updates",
  "/admin/updates-desktop": "Site updates",
  "/admin/messages": "Messages",
  "/admin/subscribers": "SMS subscribers",
  "/admin/content": "Content",
  "/admin/media": "Media library",
};

/** The staff navigation, in order (the updates page once, under its first path). */
export const STAFF_NAV: readonly AdminPath[] = [
  "/admin/updates",
  "/admin/messages",
  "/admin/subscribers",
  "/admin/content",
  "/admin/media",
];

/** Paths that are another name of a page in the navigation. */
const NAV_ALIASES: Partial<Record<AdminPath, AdminPath>> = {
  "/admin/updates-desktop": "/admin/updates",
};

function isAdminPath(path: string): path is AdminPath {
  return Object.hasOwn(STAFF_PAGE_TITLES, path);
}

/** The staff page at `pathname` (a trailing slash allowed), or null outside the staff pages. */
export function staffPageAt(pathname: string): { title: string; navPath: AdminPath } | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (!isAdminPath(path)) return null;
  return { title: STAFF_PAGE_TITLES[path], navPath: NAV_ALIASES[path] ?? path };
}

/** A staff route's meta: its title, and kept out of search engines. */
export function staffPageMeta(path: AdminPath) {
  return [{ title: `${STAFF_PAGE_TITLES[path]} · Admin` }, { name: "robots", content: "noindex" }];
}
