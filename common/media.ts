/**
 * The media library: limits, formats, messages and the shapes the API returns
 * (docs/product.md section 14). Zod-free: the staff upload form, the API and the content
 * editors share these without pulling in a schema library.
 */
import { controlCharacterMessage, isCleanText } from "./text.js";

/** The largest file accepted: 15 MB (15 × 1024 × 1024 bytes). */
export const MEDIA_MAX_BYTES = 15 * 1024 * 1024;

/**
 * The most pixels an image may have (width × height), e.g. 8660 × 5773: what keeps the process
 * that decodes it (server/media/image-worker.ts) under 300 MB (bench/uploads.mjs).
 */
export const MEDIA_MAX_PIXELS = 50_000_000;

/**
 * The most pixels of an AVIF upload: decoding AVIF takes about 20 bytes a pixel at once (a
 * 7000 × 7000 one took 960 MB, a 12-megapixel one 303 MB), so the same 300 MB bound admits far fewer pixels than for
 * JPEG, PNG and WebP, which are decoded in strips or at a reduced size.
 */
export const MEDIA_MAX_AVIF_PIXELS = 10_000_000;

/** The stored image is at most this many pixels on its long side (its copies are narrower). */
export const MEDIA_MAX_EDGE = 2560;

/** Alt text limit, the same as the content editor's alt text field. */
export const MEDIA_ALT_MAX = 400;

/** The formats accepted, recognised from the file's first bytes. */
export const MEDIA_FORMATS = ["jpeg", "png", "webp", "avif"] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

/** The formats of the narrower copies made for `srcset` (AVIF first: it is the smaller). */
export const MEDIA_VARIANT_FORMATS = ["avif", "webp"] as const;
export type MediaVariantFormat = (typeof MEDIA_VARIANT_FORMATS)[number];

/**
 * The widths of the copies: each one narrower than the image, and the image's own width when it
 * is below the widest of these (so the largest copy is never an enlargement).
 */
export const MEDIA_VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/**
 * Where the files are served: `/media/<first 16 hex digits of the image's SHA-256>-<width>.<ext>`.
 * Every file of one image starts with the same `/media/<hash>-`, so content that refers to any
 * of them refers to that image.
 */
export const MEDIA_URL_PREFIX = "/media/";

export const MEDIA_CONTENT_TYPES: Record<MediaFormat, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
};

export const MEDIA_MESSAGES = {
  altRequired: "Describe the image in the alt text, or mark it as decorative",
  altTooLong: `Alt text must be ${MEDIA_ALT_MAX} characters or less`,
  altControlCharacter: controlCharacterMessage("Alt text"),
  altWithDecorative: "A decorative image has no alt text: clear the alt text or unmark decorative",
  invalidDecorative: "Decorative must be true or false",
  fileMissing: "Choose an image file to upload",
  tooLarge: "The image is larger than 15 MB; choose a smaller file",
  notAnImage: "The file is not a JPEG, PNG, WebP or AVIF image",
  unreadable: "The image could not be read: the file is damaged or not a complete image",
  tooManyPixels: `The image has more than ${MEDIA_MAX_PIXELS / 1_000_000} million pixels; make it smaller first`,
  busy: "Other images are being processed; please try again in a few seconds",
  tooManyAvifPixels: `An AVIF image may have at most ${MEDIA_MAX_AVIF_PIXELS / 1_000_000} million pixels; make it smaller, or upload it as JPEG, PNG or WebP`,
  tooSlow: "The image took too long to process; make it smaller first",
  couldNotProcess:
    "The image could not be processed; make it smaller or save it again, then upload it again",
  notFound: "Image not found",
} as const;

/** One narrower copy of an image. */
export interface MediaVariant {
  url: string;
  width: number;
  format: MediaVariantFormat;
}

/** An image as POST /api/media returns it. */
export interface MediaItem {
  id: string;
  /** The whole image, in its uploaded format, without metadata. */
  url: string;
  width: number;
  height: number;
  /** Empty for a decorative image. */
  alt: string;
  decorative: boolean;
  /** Narrowest first; AVIF before WebP at each width. */
  variants: MediaVariant[];
  created_at: string;
}

/** An image in GET /api/media: where content uses it (e.g. "Team: Ana"), empty when unused. */
export interface MediaLibraryItem extends MediaItem {
  used_in: string[];
}

/**
 * Checks the alt text an upload came with; the message for the alt field, or null when fine.
 * `alt` is already trimmed.
 */
export function mediaAltProblem(alt: string, decorative: boolean): string | null {
  if (decorative) return alt === "" ? null : MEDIA_MESSAGES.altWithDecorative;
  if (alt === "") return MEDIA_MESSAGES.altRequired;
  if (alt.length > MEDIA_ALT_MAX) return MEDIA_MESSAGES.altTooLong;
  if (!isCleanText(alt)) return MEDIA_MESSAGES.altControlCharacter;
  return null;
}

/**
 * Why an image cannot be deleted (DELETE /api/media/:id answers 409 with it; the media library
 * page says the same before asking): where it is used and what to do.
 */
export function mediaInUseMessage(places: readonly string[]): string {
  return (
    `This image cannot be deleted while it is used in: ${places.join(", ")}. ` +
    "Remove it there first (a draft or a scheduled change counts too), then delete it."
  );
}

/** The widths an image `width` pixels wide gets copies at (see MEDIA_VARIANT_WIDTHS). */
export function mediaVariantWidths(width: number): number[] {
  const widest = MEDIA_VARIANT_WIDTHS[MEDIA_VARIANT_WIDTHS.length - 1]!;
  const widths: number[] = MEDIA_VARIANT_WIDTHS.filter((candidate) => candidate < width);
  if (width <= widest) widths.push(width);
  return widths;
}
