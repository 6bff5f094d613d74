import type { StaffRole } from "#common/staff-access";
import { can, type Access } from "#common/staff-access";
import type { AdminPath } from "~/route-paths";

/** Every staff page's title: its one h1, its entry in the staff navigation and its tab title. */
export const STAFF_PAGE_TITLES: Readonly<Record<AdminPath, string>> = {
  "/admin": "Home",
  "/admin/updates": "Site updates",
  "/admin/updates-desktop": "Site updates",
  "/admin/messages": "Messages",
  "/admin/subscribers": "SMS subscribers",
  "/admin/texts": "Texts",
  "/admin/content": "Content",
  "/admin/media": "Media library",
  "/admin/audit": "Audit log",
  "/admin/statistics": "Statistics",
  "/admin/redirects": "Redirects",
  "/admin/staff": "Staff",
  "/admin/account": "Your account",
  "/admin/content/:collection": "Content",
  "/admin/content/:collection/:id": "Content",
};

/**
 * What each staff page needs (common/staff-access.ts): the server refuses the page's calls
 * without it (403), so the navigation leaves the page out and the shell says why instead of
 * opening it. The type makes every staff path say.
 */
export const STAFF_PAGE_ACCESS: Readonly<Record<AdminPath, Exclude<Access, "public">>> = {
  // Every role reads content; the newest messages are shown only to roles with `messages`.
  "/admin": "drafts",
  "/admin/updates": "drafts",
  "/admin/updates-desktop": "drafts",
  "/admin/messages": "messages",
  "/admin/subscribers": "subscribers",
  "/admin/texts": "subscribers",
  "/admin/content": "drafts",
  "/admin/media": "drafts",
  "/admin/audit": "audit",
  "/admin/statistics": "statistics",
  "/admin/redirects": "publishing",
  "/admin/staff": "staff",
  "/admin/account": "signed-in",
  "/admin/content/:collection": "drafts",
  "/admin/content/:collection/:id": "drafts",
};

/** Whether `role` may open the staff page `path` (an unknown role: the server decides). */
export function canOpen(role: StaffRole | undefined, path: AdminPath): boolean {
  const access = STAFF_PAGE_ACCESS[path];
  return role === undefined || access === "signed-in" || can(role, access);
}

/** The staff navigation, in order (the updates page once, under its first path). */
export const STAFF_NAV: readonly AdminPath[] = [
  "/admin",
  "/admin/updates",
  "/admin/messages",
  "/admin/subscribers",
  "/admin/texts",
  "/admin/content",
  "/admin/media",
  "/admin/statistics",
  "/admin/redirects",
  "/admin/audit",
  "/admin/staff",
  "/admin/account",
];

/** Paths that are another name of a page in the navigation. */
const NAV_ALIASES: Partial<Record<AdminPath, AdminPath>> = {
  "/admin/updates-desktop": "/admin/updates",
  "/admin/content/:collection": "/admin/content",
  "/admin/content/:collection/:id": "/admin/content",
};

/** Whether `path` is matched by `pattern`, whose `:name` segments match any one segment. */
function matches(pattern: string, path: string): boolean {
  const wanted = pattern.split("/");
  const given = path.split("/");
  return (
    wanted.length === given.length &&
    wanted.every((segment, index) =>
      segment.startsWith(":") ? given[index] !== "" : segment === given[index],
    )
  );
}

/** The staff page at `pathname` (a trailing slash allowed), or null outside the staff pages. */
export function staffPageAt(pathname: string): { title: string; navPath: AdminPath } | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const paths = Object.keys(STAFF_PAGE_TITLES) as AdminPath[];
  // A fixed path first, so that no pattern can take it.
  const found =
    paths.find((candidate) => candidate === path) ??
    paths.find((candidate) => matches(candidate, path));
  if (!found) return null;
  return { title: STAFF_PAGE_TITLES[found], navPath: NAV_ALIASES[found] ?? found };
}

/** A staff route's meta: its title, and kept out of search engines. */
export function staffPageMeta(path: AdminPath) {
  return [{ title: `${STAFF_PAGE_TITLES[path]} · Admin` }, { name: "robots", content: "noindex" }];
}
