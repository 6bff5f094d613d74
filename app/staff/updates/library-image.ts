import type { MediaLibraryItem } from "../../../common/media";

/**
 * An update's Image URL for a picture of the media library: its widest WebP copy (else the
 * picture itself), as the site-relative address the library gives (`/media/...`, or
 * `/images/...` for the site's own pictures), so it keeps working if the site's host changes
 * (decision 034).
 */
export function libraryImageUrl(item: MediaLibraryItem): string {
  const widest = item.variants
    .filter((variant) => variant.format === "webp")
    .sort((a, b) => b.width - a.width)[0];
  return widest?.url ?? item.url;
}
