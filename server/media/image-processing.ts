import { createHash } from "node:crypto";
import type { Metadata, Sharp, SharpOptions } from "sharp";
import {
  MEDIA_MAX_AVIF_PIXELS,
  MEDIA_MAX_EDGE,
  MEDIA_MAX_PIXELS,
  MEDIA_MESSAGES,
  MEDIA_VARIANT_FORMATS,
  mediaVariantWidths,
  type MediaFormat,
} from "../../common/media.js";

type SharpFactory = (input: Buffer, options: SharpOptions) => Sharp;

let loading: Promise<SharpFactory> | undefined;

/**
 * sharp and libvips, loaded on the first upload: they add about 20 MB to every process that
 * loads them, and most processes never see an upload (docs/decisions/019).
 */
function loadSharp(): Promise<SharpFactory> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    // Uploads are rare and each image is read once: libvips' operation cache would only hold
    // memory.
    sharp.cache(false);
    // One libvips worker thread: each thread holds buffers of its own, and an image process
    // has one image to do (a 50-megapixel PNG peaked at 255-358 MB with two threads, 284 MB with one).
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}

/**
 * The image cannot be used: the upload is answered with this status and message, 415 when the
 * bytes are not a readable image of the announced format, 422 when it is too large to process.
 */
export class ImageRejected extends Error {
  override name = "ImageRejected";
  constructor(
    message: string,
    readonly status: 415 | 422 = 415,
  ) {
    super(message);
  }
}

export interface ProcessedFile {
  /** The name in its URL: `<first 16 hex digits of the hash>-<width>.<extension>`. */
  name: string;
  format: MediaFormat;
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedImage {
  /** SHA-256 (hex) of the whole image as stored (`files[0]`). */
  hash: string;
  format: MediaFormat;
  width: number;
  height: number;
  /** The whole image first, then the copies, narrowest first, AVIF before WebP. */
  files: ProcessedFile[];
}

export const FILE_EXTENSIONS: Record<MediaFormat, string> = {
  jpeg: "jpg",
  png: "png",
  webp: "webp",
  avif: "avif",
};

/** The file name of an image's file (see ProcessedFile.name). */
export function mediaFileName(hash: string, width: number, format: MediaFormat): string {
  return `${hash.slice(0, 16)}-${width}.${FILE_EXTENSIONS[format]}`;
}

/*
 * Encoder settings. The whole image stays close to the upload (it is the fallback `src`, and
 * PNG stays lossless); the copies are tuned for the web. AVIF at effort 1: about half the time
 * of effort 2 for a 1920 px copy, at nearly the same size (measured on a 12-megapixel photo).
 * mozjpeg is not used for the whole image: on a detailed 12-megapixel photo its trellis
 * quantisation takes tens of seconds.
 */
function encode(pipeline: Sharp, format: MediaFormat, whole: boolean): Sharp {
  switch (format) {
    case "jpeg":
      return pipeline.jpeg({ quality: 88, progressive: true });
    case "png":
      return pipeline.png({ compressionLevel: 9 });
    case "webp":
      return pipeline.webp({ quality: whole ? 90 : 78, effort: 4 });
    case "avif":
      return pipeline.avif({ quality: whole ? 64 : 50, effort: 1 });
  }
}

/** What sharp calls each accepted format (it reads AVIF as HEIF with AV1 compression). */
function sharpReadsAs(metadata: Metadata): MediaFormat | null {
  switch (metadata.format) {
    case "jpeg":
    case "png":
    case "webp":
      return metadata.format;
    case "heif":
      return metadata.compression === "av1" ? "avif" : null;
    default:
      return null;
  }
}

/** sharp's complaint about an input, as the message the uploader sees. */
function rejection(error: unknown): ImageRejected {
  const message = error instanceof Error ? error.message : "";
  return /pixel limit/i.test(message)
    ? new ImageRejected(MEDIA_MESSAGES.tooManyPixels, 422)
    : new ImageRejected(MEDIA_MESSAGES.unreadable);
}

/**
 * Makes the stored files of an upload whose first bytes announced `format`: the whole image
 * turned upright by its EXIF orientation and at most MEDIA_MAX_EDGE on its long side, in its own
 * format, and AVIF and WebP copies at the
 * widths of mediaVariantWidths. Every file is re-encoded, so none keeps any metadata (EXIF,
 * GPS, XMP, ICC profile: colours are converted to sRGB). Animated images keep their first frame.
 * Throws ImageRejected when the bytes are not a readable image of that format, or too large.
 */
export async function processImage(input: Buffer, format: MediaFormat): Promise<ProcessedImage> {
  // failOn "warning" (the default) also refuses a truncated or damaged file; limitInputPixels
  // refuses a small file that would decode into a huge image (a decompression bomb).
  const sharp = await loadSharp();
  const maxPixels = format === "avif" ? MEDIA_MAX_AVIF_PIXELS : MEDIA_MAX_PIXELS;
  const tooManyPixels = () =>
    new ImageRejected(
      format === "avif" ? MEDIA_MESSAGES.tooManyAvifPixels : MEDIA_MESSAGES.tooManyPixels,
      422,
    );
  const open = () => sharp(input, { limitInputPixels: maxPixels, failOn: "warning" });

  let metadata: Metadata;
  try {
    metadata = await open().metadata();
  } catch (error) {
    const rejected = rejection(error);
    throw rejected.status === 422 ? tooManyPixels() : rejected;
  }
  if (sharpReadsAs(metadata) !== format) throw new ImageRejected(MEDIA_MESSAGES.unreadable);
  const { width: storedWidth, height: storedHeight } = metadata;
  if (!storedWidth || !storedHeight) throw new ImageRejected(MEDIA_MESSAGES.unreadable);
  if (storedWidth * storedHeight > maxPixels) throw tooManyPixels();

  const render = async (pipeline: Sharp) => {
    try {
      return await pipeline.toBuffer({ resolveWithObject: true });
    } catch (error) {
      const rejected = rejection(error);
      throw rejected.status === 422 ? tooManyPixels() : rejected;
    }
  };

  // The upload is decoded once, upright and at most MEDIA_MAX_EDGE on its long side (JPEG and
  // WebP decode straight at a reduced size), into raw pixels that every file is encoded from:
  // an AVIF has no reduced decode, and decoding a 49-megapixel one again for each of eight files
  // took minutes and about 1 GB (2026-11-25). Encoding the whole image at full size once took
  // 1.3 GB, hence the edge.
  const base = await render(
    open()
      .autoOrient()
      .resize({
        width: MEDIA_MAX_EDGE,
        height: MEDIA_MAX_EDGE,
        fit: "inside",
        withoutEnlargement: true,
      })
      .raw(),
  );
  const { width, height, channels } = base.info;
  const fromBase = () => sharp(base.data, { raw: { width, height, channels } });

  const whole = await render(encode(fromBase(), format, true));
  const hash = createHash("sha256").update(whole.data).digest("hex");
  const files: ProcessedFile[] = [
    { name: mediaFileName(hash, width, format), format, width, height, data: whole.data },
  ];
  for (const copyWidth of mediaVariantWidths(width)) {
    for (const copyFormat of MEDIA_VARIANT_FORMATS) {
      // The whole image already is this copy (a WebP or AVIF no wider than the widest copy).
      if (copyWidth === width && copyFormat === format) continue;
      const resized = fromBase().resize({ width: copyWidth, withoutEnlargement: true });
      const copy = await render(encode(resized, copyFormat, false));
      files.push({
        name: mediaFileName(hash, copy.info.width, copyFormat),
        format: copyFormat,
        width: copy.info.width,
        height: copy.info.height,
        data: copy.data,
      });
    }
  }
  return { hash, format, width, height, files };
}
