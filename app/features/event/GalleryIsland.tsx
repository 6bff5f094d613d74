import { Island } from "~/islands/Island";
import { Gallery, type GalleryProps } from "./Gallery";

/** The event's gallery as an island (docs/decisions/024). */
export function GalleryIsland(props: GalleryProps) {
  return <Island name="gallery" component={Gallery} props={props} />;
}
