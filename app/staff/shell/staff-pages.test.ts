import { describe, expect, it } from "vitest";
import routes from "~/routes";
import {
  ACCOUNT_LINK_MODULES,
  ADMIN_MODULES,
  ADMIN_PATHS,
  ADMIN_SHELL_MODULE,
} from "~/route-paths";
import { STAFF_ROLES, type StaffRole } from "#common/staff-access";
import { canOpen, STAFF_NAV, STAFF_PAGE_TITLES, staffPageAt, staffPageMeta } from "./staff-pages";

/**
 * Which roles open each staff page, by hand (docs/product.md 5.0): a new staff path without a
 * line here fails, as does a page whose rule differs.
 */
const ALL = STAFF_ROLES;
const EDITORS: readonly StaffRole[] = ["owner", "administrator", "editor"];
const PAGE_ROLES: Readonly<Record<string, readonly StaffRole[]>> = {
  "/admin": ALL,
  "/admin/updates": ALL,
  "/admin/updates-desktop": ALL,
  "/admin/messages": EDITORS,
  "/admin/subscribers": EDITORS,
  "/admin/texts": EDITORS,
  "/admin/content": ALL,
  "/admin/media": ALL,
  "/admin/statistics": EDITORS,
  "/admin/redirects": EDITORS,
  "/admin/audit": ["owner", "administrator"],
  "/admin/staff": ["owner", "administrator"],
  "/admin/account": ALL,
  "/admin/content/:collection": ALL,
  "/admin/content/:collection/:id": ALL,
};

describe("the staff pages", () => {
  it("gives every staff path a title, and the navigation every page once", () => {
    expect(Object.keys(STAFF_PAGE_TITLES).sort()).toEqual([...ADMIN_PATHS].sort());
    const navModules = STAFF_NAV.map((path) => ADMIN_MODULES[path]);
    expect(new Set(navModules)).toEqual(new Set(Object.values(ADMIN_MODULES)));
    expect(navModules).toHaveLength(new Set(navModules).size);
  });

  it("nests every staff route in the staff shell, which has no path; only one-time links sit outside", () => {
    const shell = routes.find((route) => route.file === ADMIN_SHELL_MODULE);
    expect(shell?.path).toBeUndefined();
    expect(shell?.children?.map((route) => `/${route.path}`).sort()).toEqual(
      [...ADMIN_PATHS].sort(),
    );
    const elsewhere = routes.filter(
      (route) => route !== shell && (route.path ?? "").startsWith("admin"),
    );
    // Whoever opens a one-time link has no session: those pages have no lock screen.
    expect(elsewhere.map((route) => `/${route.path}`).sort()).toEqual(
      Object.keys(ACCOUNT_LINK_MODULES).sort(),
    );
  });

  it("finds the page at a path, with or without a trailing slash", () => {
    expect(staffPageAt("/admin/messages")).toEqual({
      title: "Messages",
      navPath: "/admin/messages",
    });
    expect(staffPageAt("/admin/content/")).toEqual({ title: "Content", navPath: "/admin/content" });
    expect(staffPageAt("/admin/updates-desktop")).toEqual({
      title: "Site updates",
      navPath: "/admin/updates",
    });
    expect(staffPageAt("/admin/content/about")).toEqual({
      title: "Content",
      navPath: "/admin/content",
    });
    expect(staffPageAt("/admin/content/courses/courses-1/")?.navPath).toBe("/admin/content");
    expect(staffPageAt("/admin/content/a/b/c")).toBeNull();
    expect(staffPageAt("/admin")).toEqual({ title: "Home", navPath: "/admin" });
    expect(staffPageAt("/admin/")).toEqual({ title: "Home", navPath: "/admin" });
    expect(staffPageAt("/admin/nope")).toBeNull();
    expect(staffPageAt("/home-desktop")).toBeNull();
  });

  it("titles each page's tab and keeps it out of search engines", () => {
    expect(staffPageMeta("/admin/subscribers")).toEqual([
      { title: "SMS subscribers · Admin" },
      { name: "robots", content: "noindex" },
    ]);
  });

  it("opens each page to the roles of the table, and every page has a line", () => {
    expect(Object.keys(PAGE_ROLES).sort()).toEqual([...ADMIN_PATHS].sort());
    for (const path of ADMIN_PATHS) {
      const opened = STAFF_ROLES.filter((role) => canOpen(role, path));
      expect(opened, path).toEqual(PAGE_ROLES[path]);
    }
  });
});
