import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

/**
 * Test inputs for the media library, made here rather than committed: real images drawn with
 * sharp, a JPEG carrying GPS coordinates, a PNG header announcing a huge image, and the
 * multipart/form-data bodies a browser would send.
 */

/** A picture with shapes (not one flat colour, so encoders have real work), `width` × `height`. */
export async function drawnImage(
  width: number,
  height: number,
  format: "jpeg" | "png" | "webp" | "avif",
): Promise<Buffer> {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="100%" height="100%" fill="#2a6f97"/>` +
      `<circle cx="${width / 3}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#f4a261"/>` +
      `<rect x="${width / 2}" y="${height / 5}" width="${width / 3}" height="${height / 2}" fill="#e9c46a"/>` +
      `</svg>`,
  );
  return sharp(svg)[format]().toBuffer();
}

/**
 * A JPEG as a phone writes it: EXIF with the camera make, GPS coordinates (47° 36′ N,
 * 122° 19′ W) and, when given, an EXIF orientation (6: the pixels must be turned 90° clockwise).
 */
export async function photoWithGps(width: number, height: number, orientation?: number) {
  const pixels = await drawnImage(width, height, "png");
  let pipeline = sharp(pixels)
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: "Test Camera", Model: "Field Phone" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "47/1 36/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "122/1 19/1 0/1",
      },
    });
  if (orientation) pipeline = pipeline.withMetadata({ orientation });
  return pipeline.toBuffer();
}

/** The tags of a TIFF directory inside an EXIF block (after its `Exif\0\0` header). */
function directoryTags(tiff: Buffer, offset: number, little: boolean): Map<number, number> {
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const tags = new Map<number, number>();
  const count = u16(offset);
  for (let entry = 0; entry < count; entry += 1) {
    const at = offset + 2 + entry * 12;
    tags.set(u16(at), u32(at + 8));
  }
  return tags;
}

const GPS_IFD_POINTER = 0x8825;
const GPS_LATITUDE = 0x0002;

/** True when an EXIF block (sharp's `metadata().exif`) holds a GPS latitude. */
export function exifHasGpsLatitude(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  // sharp returns the APP1 payload: `Exif\0\0`, then the TIFF structure.
  const tiff = exif.toString("latin1", 0, 4) === "Exif" ? exif.subarray(6) : exif;
  const little = tiff.toString("latin1", 0, 2) === "II";
  const first = little ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  const gps = directoryTags(tiff, first, little).get(GPS_IFD_POINTER);
  return gps !== undefined && directoryTags(tiff, gps, little).has(GPS_LATITUDE);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG of a few hundred bytes whose header announces `width` × `height` pixels: what a
 * decompression bomb looks like before it is decoded.
 */
export function pngAnnouncing(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.alloc(1024))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

export type FormPart =
  { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

const BOUNDARY = "----media-test-boundary-7d1f";

/** A multipart/form-data body with the parts in the order given. */
export function multipartBody(parts: readonly FormPart[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ("value" in part) {
      chunks.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.type}\r\n\r\n`,
        ),
        part.data,
        Buffer.from("\r\n"),
      );
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
