import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  // Width-dependent redirects share one module; `id` keeps the routes apart.
  index("routes/variant-redirect.tsx", { id: "redirect-home" }),
  route("publications", "routes/variant-redirect.tsx", { id: "redirect-publications" }),
  route("currents-of-care", "routes/variant-redirect.tsx", { id: "redirect-currents-of-care" }),
  route("menu", "routes/menu-redirect.tsx"),

  route("home-desktop", "routes/home-desktop.tsx"),
  route("home-mobile", "routes/home-mobile.tsx"),
  route("about-desktop", "routes/about-desktop.tsx"),
  route("about-mobile", "routes/about-mobile.tsx"),
  route("services-desktop", "routes/services-desktop.tsx"),
  route("services-mobile", "routes/services-mobile.tsx"),
  route("contact-desktop", "routes/contact-desktop.tsx"),
  route("contact-mobile", "routes/contact-mobile.tsx"),
  route("menu-mobile", "routes/menu-mobile.tsx"),
  route("publications-desktop", "routes/publications-desktop.tsx"),
  route("publications-mobile", "routes/publications-mobile.tsx"),
  route("currents-of-care-desktop", "routes/currents-of-care-desktop.tsx"),
  route("currents-of-care-mobile", "routes/currents-of-care-mobile.tsx"),
  // The event's calendar file: a resource route pre-rendered to a static file.
  route("currents-of-care.ics", "routes/currents-of-care-ics.ts"),
  route("sms-opt-in", "routes/sms-opt-in.tsx"),

  route("admin/updates", "routes/admin-updates.tsx", { id: "admin-updates" }),
  route("admin/updates-desktop", "routes/admin-updates.tsx", { id: "admin-updates-desktop" }),
  route("admin/messages", "routes/admin-messages.tsx"),
  route("admin/subscribers", "routes/admin-subscribers.tsx"),
] satisfies RouteConfig;
