/**
 * Where content uses an image. The media library asks before it deletes an image (409 while
 * used) and shows the answer in GET /api/media (`used_in`). The content store (server/content/)
 * knows what its entries reference and provides the implementation
 * (server/content/content-media-usage.ts), which buildApp uses unless `mediaUsage` is given.
 */
export interface MediaReference {
  id: string;
  /** Every URL of the image: the whole image's and each copy's (/media/...). */
  urls: readonly string[];
}

export interface MediaUsage {
  /**
   * For each image, the places that use it, in words staff recognise (e.g. "Team: Ana Ruiz",
   * "Home page"), drafts included. An image missing from the map, or mapped to an empty list,
   * is not used anywhere.
   */
  usedIn(images: readonly MediaReference[]): Promise<ReadonlyMap<string, readonly string[]>>;
}
