import type { MediaLibraryItem } from "../../../common/media";

/**
 * An update's Image URL for a picture of the media library: its widest WebP copy (else the
 * picture itself), as an absolute address on this site, since the field takes web addresses.
 */
export function libraryImageUrl(item: MediaLibraryItem, origin = window.location.origin): string {
  const widest = item.variants
    .filter((variant) => variant.format === "webp")
    .sort((a, b) => b.width - a.width)[0];
  return new URL(widest?.url ?? item.url, origin).href;
}
