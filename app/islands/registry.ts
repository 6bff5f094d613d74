import type { ComponentType } from "react";
import type { IslandLoader } from "./hydrate";

/**
 * A loader for a component whose props come from the page's JSON: the props were written by
 * `Island` from the same component's typed props on the server, so the cast only crosses the
 * serialisation.
 */
function island<P extends object>(load: () => Promise<ComponentType<P>>): IslandLoader {
  return load as unknown as IslandLoader;
}

/**
 * Every island a public page may carry, by the name app/islands/Island.tsx writes into the page.
 * Each loader is a dynamic import, so a page downloads only the islands it has. The components
 * take plain props and read no router context (their `*Island` wrappers read the content on the
 * server).
 */
export const islandRegistry = {
  "contact-form": island(() =>
    import("~/features/contact-form/ContactForm").then((module) => module.ContactForm),
  ),
  "featured-strip": island(() =>
    import("~/features/featured-strip/FeaturedStrip").then((module) => module.FeaturedStrip),
  ),
  gallery: island(() => import("~/features/event/Gallery").then((module) => module.Gallery)),
  "looping-video": island(() =>
    import("~/components/LoopingVideo").then((module) => module.LoopingVideo),
  ),
  "partner-carousel": island(() =>
    import("~/features/home/PartnerCarousel").then((module) => module.PartnerCarousel),
  ),
  "sms-opt-in-form": island(() =>
    import("~/features/sms-opt-in/SmsOptInForm").then((module) => module.SmsOptInForm),
  ),
} as const satisfies Readonly<Record<string, IslandLoader>>;
