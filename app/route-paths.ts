/**
 * The route table: every path of the site, listed once (docs/product.md section 2.1).
 *
 * `app/routes.ts` builds the router's routes from it (the server renders each of them),
 * `publicPaths` lists the public ones, the width-switching redirects (app/width-switching/)
 * read their targets here, and the end-to-end checks (tests/e2e/support/routes.ts) walk it. A
 * screen's module is `routes/<path without the slash>.tsx`.
 */

export const VARIANTS = ["desktop", "mobile"] as const;
export type Variant = (typeof VARIANTS)[number];

/** Screens that exist twice, as /NAME-desktop and /NAME-mobile. */
export const VARIANT_SCREENS = [
  "home",
  "about",
  "services",
  "contact",
  "publications",
  "currents-of-care",
] as const;
export type VariantScreen = (typeof VARIANT_SCREENS)[number];

/** Paths that replace themselves with a screen's variant for the current width. */
export const VARIANT_REDIRECTS = {
  "/": "home",
  "/publications": "publications",
  "/currents-of-care": "currents-of-care",
} as const satisfies Readonly<Record<string, VariantScreen>>;

/** Each variant's home page, where its logo links to. */
export const HOME_PATHS = {
  desktop: "/home-desktop",
  mobile: "/home-mobile",
} as const satisfies Readonly<Record<Variant, string>>;

/** The mobile menu screen, which the mobile header's menu icon opens. */
export const MENU_PATH = "/menu-mobile";

/** Paths that replace themselves with one fixed page, whatever the width. */
export const FIXED_REDIRECTS = {
  "/menu": "/menu-mobile",
} as const;

/** Every published event, upcoming then past. */
export const EVENTS_PATH = "/events";

/** The privacy policy and the terms of service, which the footer links to. */
export const PRIVACY_PATH = "/privacy";
export const TERMS_PATH = "/terms";

/** Public screens with no variants (never switched: see app/width-switching/viewport.ts). */
export const SINGLE_SCREENS = [
  "/menu-mobile",
  "/sms-opt-in",
  EVENTS_PATH,
  "/updates",
  PRIVACY_PATH,
  TERMS_PATH,
] as const;

/** Every published update, and their Atom feed. */
export const UPDATES_PATH = "/updates";
export const UPDATES_FEED_PATH = "/updates/feed.xml";

/** Files that are not pages (resource routes), rendered by the server, and their modules. */
export const RESOURCE_FILES = {
  "/currents-of-care.ics": "routes/currents-of-care-ics.ts",
  "/events/calendar.ics": "routes/events-calendar-ics.ts",
  [UPDATES_FEED_PATH]: "routes/updates-feed-xml.ts",
  "/sitemap.xml": "routes/sitemap-xml.ts",
  "/robots.txt": "routes/robots-txt.ts",
} as const;

/**
 * Public addresses with a parameter: one per published event (common/event-paths.ts). The
 * server answers only the slugs of published events, so arbitrary values never reach the render
 * cache (server/render/page-routes.ts).
 */
export const EVENT_ROUTES = {
  "/events/:slug": "routes/event-page.tsx",
  "/events/:slug/calendar.ics": "routes/event-calendar-ics.ts",
} as const;

/**
 * Every other path: the 404 screen inside the site's frame (design 15). A splat, so the root
 * loader runs and the screen has the site's header and footer; the server never registers it as
 * an address of its own (server/render/router-request.ts), it renders it for unknown paths.
 */
export const NOT_FOUND_MODULE = "routes/not-found.tsx";

/** Staff pages: client-only (the server sends their shell). The first is where staff start. */
export const ADMIN_PATHS = [
  // The staff home: what is left before launch, drafts and scheduled changes, newest messages.
  "/admin",
  "/admin/updates",
  "/admin/updates-desktop",
  "/admin/messages",
  "/admin/subscribers",
  "/admin/texts",
  "/admin/content",
  "/admin/media",
  "/admin/audit",
  "/admin/statistics",
  "/admin/redirects",
  "/admin/staff",
  "/admin/account",
  // The content editors: a collection (a single entry's editor, or a list's entries), and one
  // entry of a list (`new` for a new one). One module serves all three content addresses.
  "/admin/content/:collection",
  "/admin/content/:collection/:id",
] as const;
export type AdminPath = (typeof ADMIN_PATHS)[number];

/**
 * The staff shell: a layout route around every staff page (lock screen, navigation, Logout), so
 * any staff page opens directly and unlocks in place (docs/decisions/018-one-staff-shell.md).
 */
export const ADMIN_SHELL_MODULE = "routes/admin-shell.tsx";

/** Each staff page's module (the type makes every path have exactly one). */
export const ADMIN_MODULES: Readonly<Record<AdminPath, string>> = {
  "/admin": "routes/admin-home.tsx",
  "/admin/updates": "routes/admin-updates.tsx",
  // The same page under the -desktop name the first version of the site also had.
  "/admin/updates-desktop": "routes/admin-updates.tsx",
  "/admin/messages": "routes/admin-messages.tsx",
  "/admin/subscribers": "routes/admin-subscribers.tsx",
  "/admin/texts": "routes/admin-texts.tsx",
  "/admin/content": "routes/admin-content.tsx",
  "/admin/media": "routes/admin-media.tsx",
  "/admin/audit": "routes/admin-audit.tsx",
  "/admin/statistics": "routes/admin-statistics.tsx",
  "/admin/redirects": "routes/admin-redirects.tsx",
  "/admin/staff": "routes/admin-staff.tsx",
  "/admin/account": "routes/admin-account.tsx",
  "/admin/content/:collection": "routes/admin-content.tsx",
  "/admin/content/:collection/:id": "routes/admin-content.tsx",
};

/**
 * Pages a one-time link opens (decision 028), outside the staff shell since whoever opens them
 * has no session yet; client-only like the staff pages.
 */
export const ACCOUNT_LINK_MODULES = {
  "/admin/setup/:token": "routes/admin-setup.tsx",
  "/admin/invitation/:token": "routes/admin-invitation.tsx",
  "/admin/reset": "routes/admin-reset.tsx",
  "/admin/reset/:token": "routes/admin-reset-link.tsx",
} as const;

/** "/about-mobile" from "about" and "mobile". */
export function variantPath(screen: VariantScreen, variant: Variant): string {
  return `/${screen}-${variant}`;
}

/** Both variants of every screen that has them. */
export const VARIANT_PATHS: readonly string[] = VARIANT_SCREENS.flatMap((screen) =>
  VARIANTS.map((variant) => variantPath(screen, variant)),
);

/** Every public path, rendered by the server to HTML (or a file) from the published content. */
export const publicPaths: string[] = [
  ...Object.keys(VARIANT_REDIRECTS),
  ...Object.keys(FIXED_REDIRECTS),
  ...VARIANT_PATHS,
  ...SINGLE_SCREENS,
  ...Object.keys(RESOURCE_FILES),
];
