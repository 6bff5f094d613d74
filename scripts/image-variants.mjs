// Writes narrower copies of the large above-the-fold pictures, so a `srcset` can offer phones a
// file that fits them (docs/product.md section 12). Made from the committed originals in public/images
// (the full-width files that scripts/generate-media.sh draws); the copies are committed too.
// Rerun after changing an original or the widths below, then update `variants` in the seeded content (common/content/seed/).
//
// Usage: node scripts/image-variants.mjs
import { stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const IMAGES = fileURLToPath(new URL("../public/images/", import.meta.url));

/** Each picture and the widths to add below its own. */
const VARIANTS = [
  // The mobile home's masthead (1200 w): 390 px phones at 1x to 2x.
  { name: "masthead", widths: [480, 800] },
  // The desktop home's hero backdrop (1600 w): small laptops and tablets.
  { name: "hero-backdrop", widths: [800, 1200] },
];

// WebP as the originals in generate-media.sh; AVIF a little lower on sharp's scale, so that every
// copy is smaller than its original's AVIF (ImageMagick's quality 45-50 compresses harder).
const WEBP = { quality: 74, effort: 6, smartSubsample: true };
const AVIF = { quality: 36, effort: 6 };

for (const { name, widths } of VARIANTS) {
  const original = path.join(IMAGES, `${name}.webp`);
  const { width } = await sharp(original).metadata();
  for (const target of widths) {
    if (!width || target >= width) throw new Error(`${name}: ${target} w is not below ${width} w`);
    const resized = sharp(original).resize({ width: target, kernel: "lanczos3" });
    const webp = path.join(IMAGES, `${name}-${target}w.webp`);
    const avif = path.join(IMAGES, `${name}-${target}w.avif`);
    await resized.clone().webp(WEBP).toFile(webp);
    await resized.clone().avif(AVIF).toFile(avif);
    const size = async (file) => `${((await stat(file)).size / 1024).toFixed(1)} KiB`;
    console.log(`${name} ${target} w: webp ${await size(webp)}, avif ${await size(avif)}`);
  }
}
