import { describe, expect, it } from "vitest";
import { imageTypeOf, MAX_FTYP_BRANDS } from "./image-type.js";
import { drawnImage } from "./test-images.js";

const ascii = (text: string) => Buffer.from(text, "latin1");

/** An ISO BMFF `ftyp` box with these brands, followed by filler. */
function ftyp(major: string, ...compatible: string[]): Buffer {
  const size = 16 + compatible.length * 4;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write(`ftyp${major}`, 4, "latin1");
  compatible.forEach((brand, index) => box.write(brand, 16 + index * 4, "latin1"));
  return Buffer.concat([box, Buffer.alloc(32)]);
}

/** `bytes` behind a proxy that counts how many distinct indexes are read. */
function countingReads(bytes: Buffer): { bytes: Uint8Array; count: () => number } {
  const read = new Set<number>();
  const proxy = new Proxy(bytes, {
    get(target, property) {
      if (typeof property === "string" && /^\d+$/.test(property)) read.add(Number(property));
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function"
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
  return { bytes: proxy, count: () => read.size };
}

describe("imageTypeOf", () => {
  it("recognises each accepted format from real files", async () => {
    for (const format of ["jpeg", "png", "webp", "avif"] as const) {
      expect(imageTypeOf(await drawnImage(8, 8, format))).toBe(format);
    }
  });

  it("reads AVIF from the major or a compatible brand, and refuses HEIC and MP4", () => {
    expect(imageTypeOf(ftyp("avif", "mif1", "miaf"))).toBe("avif");
    expect(imageTypeOf(ftyp("mif1", "miaf", "avif"))).toBe("avif");
    expect(imageTypeOf(ftyp("avis", "msf1"))).toBe("avif");
    expect(imageTypeOf(ftyp("heic", "mif1", "heic"))).toBeNull();
    expect(imageTypeOf(ftyp("isom", "iso2", "mp41"))).toBeNull();
    // A box that claims to be shorter than its own header names no brands.
    const short = ftyp("avif");
    short.writeUInt32BE(8, 0);
    expect(imageTypeOf(short)).toBeNull();
  });

  it("reads a bounded number of brands, whatever size the box claims", () => {
    // The hostile file of the 2026-11-25 review: 15 MB starting FF FF FF FF 'ftyp', then about
    // 3.9 million brands. Only the first MAX_FTYP_BRANDS count; every byte is read at most once.
    const hostile = Buffer.alloc(15 * 1024 * 1024, 0x61);
    hostile.writeUInt32BE(0xffffffff, 0);
    hostile.write("ftypmif1", 4, "latin1");
    hostile.write("avif", hostile.length - 4, "latin1");
    const reads = countingReads(hostile);
    expect(imageTypeOf(reads.bytes)).toBeNull();
    expect(reads.count()).toBeLessThanOrEqual(16 + MAX_FTYP_BRANDS * 4);

    // An AVIF brand within the first MAX_FTYP_BRANDS still counts; one after them does not.
    const brands = Array.from({ length: MAX_FTYP_BRANDS }, () => "mif1");
    expect(imageTypeOf(ftyp("mif1", ...brands.slice(1), "avif"))).toBe("avif");
    expect(imageTypeOf(ftyp("mif1", ...brands, "avif"))).toBeNull();
  });

  it("refuses everything else, whatever it is called", () => {
    for (const bytes of [
      Buffer.alloc(0),
      ascii("GIF89a"),
      ascii("<svg xmlns='http://www.w3.org/2000/svg'/>"),
      ascii("BM6\u0000"),
      ascii("RIFF\u0000\u0000\u0000\u0000WAVEfmt "),
      ascii("%PDF-1.7"),
      Buffer.from([0xff, 0xd8]),
      Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      ascii("just some text that happens to be long enough"),
    ]) {
      expect(imageTypeOf(bytes)).toBeNull();
    }
  });
});
