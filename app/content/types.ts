/**
 * Shapes the shared components take (a picture, a video, a text section). The content itself,
 * and the schemas these shapes match, are in common/content/.
 */

/** A picture in public/. Width and height are the file's real size in pixels. */
export interface ImageAsset {
  /** Absolute path under public/, for example "/images/cedar-river.webp". */
  src: string;
  /** Optional AVIF version of the same picture (smaller); offer it first in a <picture>. */
  avifSrc?: string;
  /**
   * What the picture shows, for people who cannot see it. Use an empty string ("") only for
   * purely decorative pictures, which screen readers then skip.
   */
  alt: string;
  width: number;
  height: number;
  /**
   * Narrower copies of the same picture (made by scripts/image-variants.mjs), offered in the
   * `srcset` beside the original so a phone downloads a file that fits it.
   */
  variants?: readonly ImageVariant[];
}

/** A narrower copy of an ImageAsset: same picture and proportions, `width` pixels wide. */
export interface ImageVariant {
  width: number;
  src: string;
  avifSrc?: string;
}

/** One encoding of a video. */
export interface VideoSource {
  src: string;
  type: "video/webm" | "video/mp4";
}

/** A short, silent, looping video in public/video/. */
export interface VideoAsset {
  /** The MP4 (H.264) file, which plays everywhere. */
  src: string;
  /** Every encoding, best first: WebM (VP9), then MP4. */
  sources: readonly VideoSource[];
  /** Still image shown before the video plays (and when motion is reduced). */
  poster: string;
  width: number;
  height: number;
  /** Accessible description of what the video shows (the videos have no sound). */
  label: string;
}

/** A heading with one or more paragraphs. */
export interface TextSection {
  id: string;
  heading: string;
  paragraphs: readonly string[];
}
