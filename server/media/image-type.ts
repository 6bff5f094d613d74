import type { MediaFormat } from "../../common/media.js";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  return signature.every((byte, index) => bytes[at + index] === byte);
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

/** The most brands of an `ftyp` box that are looked at; real AVIF files name four to eight. */
export const MAX_FTYP_BRANDS = 16;

/**
 * An ISO base media file whose `ftyp` box names an AVIF brand (`avif` still image, `avis`
 * sequence) as its major brand or among its first compatible brands. HEIC and MP4 are not AVIF.
 * Bounded work whatever the box claims: at most MAX_FTYP_BRANDS brands are read (a 15 MB file
 * that declares a 4 GB `ftyp` box once took seconds of the event loop here).
 */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== "ftyp") return false;
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  if (boxSize < 16) return false;
  const end = Math.min(boxSize, bytes.length, 16 + MAX_FTYP_BRANDS * 4);
  if (isAvifBrand(bytes, 8)) return true;
  for (let at = 16; at + 4 <= end; at += 4) if (isAvifBrand(bytes, at)) return true;
  return false;
}

/** The four bytes at `at` are `avif` or `avis`. */
function isAvifBrand(bytes: Uint8Array, at: number): boolean {
  return (
    bytes[at] === 0x61 && // a
    bytes[at + 1] === 0x76 && // v
    bytes[at + 2] === 0x69 && // i
    (bytes[at + 3] === 0x66 || bytes[at + 3] === 0x73) // f or s
  );
}

/**
 * The image format the file's first bytes announce, or null when they announce none of the
 * accepted ones. The file name and the declared Content-Type are never consulted.
 */
export function imageTypeOf(bytes: Uint8Array): MediaFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, PNG_SIGNATURE)) return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") {
    return "webp";
  }
  if (isAvif(bytes)) return "avif";
  return null;
}
