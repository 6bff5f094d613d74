/*
 * The public pages by the names staff know them by (decision 030): the link picker lists them,
 * and the statistics count a page's two widths as one page under its name (decision 042).
 */

/** Screens that exist as /NAME-desktop and /NAME-mobile (app/route-paths.ts VARIANT_SCREENS). */
export const SCREEN_NAMES = {
  home: "Home",
  about: "About",
  services: "Services",
  contact: "Contact",
  publications: "Publications",
  "currents-of-care": "Currents of Care event",
} as const;

/** Public screens with one width (app/route-paths.ts SINGLE_SCREENS). */
export const SINGLE_NAMES = {
  "/menu-mobile": "Menu (phones)",
  "/sms-opt-in": "Text message sign-up",
  "/events": "Events",
  "/updates": "Updates",
  "/privacy": "Privacy policy",
  "/terms": "Terms of service",
} as const;

/**
 * Addresses that only send the visitor on to a page at their screen's width (app/route-paths.ts
 * VARIANT_REDIRECTS and FIXED_REDIRECTS): the page they lead to is what the statistics count.
 */
export const WIDTH_SWITCHING_PATHS: readonly string[] = [
  "/",
  "/publications",
  "/currents-of-care",
  "/menu",
];
