import { Island } from "~/islands/Island";
import type { SiteUpdate } from "#common/updates";
import { FeaturedStrip } from "./FeaturedStrip";

/**
 * The home pages' featured strip as an island (docs/decisions/024), with the list the server
 * rendered it with (null: the strip asks the API for it in the browser).
 */
export function FeaturedStripIsland({ featured }: { featured?: readonly SiteUpdate[] | null }) {
  return (
    <Island
      name="featured-strip"
      component={FeaturedStrip}
      props={featured ? { initialUpdates: featured } : {}}
    />
  );
}
