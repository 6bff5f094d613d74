/**
 * Every public path, pre-rendered to static HTML at build time.
 * Admin pages are client-only and deliberately absent.
 */
export const prerenderedPaths = [
  "/",
  "/menu",
  "/home-desktop",
  "/home-mobile",
  "/about-desktop",
  "/about-mobile",
  "/services-desktop",
  "/services-mobile",
  "/contact-desktop",
  "/contact-mobile",
  "/menu-mobile",
  "/publications",
  "/publications-desktop",
  "/publications-mobile",
  "/currents-of-care",
  "/currents-of-care-desktop",
  "/currents-of-care-mobile",
  "/currents-of-care.ics",
  "/sms-opt-in",
];

export const ADMIN_PATHS = [
  "/admin/updates",
  "/admin/updates-desktop",
  "/admin/messages",
  "/admin/subscribers",
] as const;
