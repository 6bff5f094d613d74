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
 * Each loader is a dynamic import, so a page downloads only the islands it has.
 */
export const islandRegistry: Readonly<Record<string, IslandLoader>> = {
  "featured-strip": island(() =>
    import("~/features/featured-strip/FeaturedStrip").then((module) => module.FeaturedStrip),
  ),
  gallery: island(() => import("~/features/event/Gallery").then((module) => module.Gallery)),
};
