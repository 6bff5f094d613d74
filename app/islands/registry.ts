import type { IslandLoader } from "./hydrate";

/**
 * Every island a public page may carry, by the name app/islands/Island.tsx writes into the page.
 * Each loader is a dynamic import, so a page downloads only the islands it has.
 */
export const islandRegistry: Readonly<Record<string, IslandLoader>> = {
  "featured-strip": () =>
    import("~/features/featured-strip/FeaturedStrip").then(
      (module) => module.FeaturedStrip as Awaited<ReturnType<IslandLoader>>,
    ),
};
