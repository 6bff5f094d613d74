import { describe, expect, it } from "vitest";
import { imageTypeOf } from "./image-type.js";
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
