import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ImageAsset } from "~/content/types";
import { ResponsiveImage } from "./ResponsiveImage";

const masthead: ImageAsset = {
  src: "/images/m.webp",
  avifSrc: "/images/m.avif",
  alt: "",
  width: 1200,
  height: 400,
  variants: [
    { width: 480, src: "/images/m-480w.webp", avifSrc: "/images/m-480w.avif" },
    { width: 800, src: "/images/m-800w.webp" },
  ],
};

describe("ResponsiveImage", () => {
  it("offers every width of each format in the srcset, with high priority above the fold", () => {
    const html = renderToStaticMarkup(<ResponsiveImage image={masthead} priority sizes="100vw" />);
    expect(html).toContain(
      '<source type="image/avif" srcSet="/images/m-480w.avif 480w, /images/m.avif 1200w" sizes="100vw"/>',
    );
    expect(html).toContain(
      'srcSet="/images/m-480w.webp 480w, /images/m-800w.webp 800w, /images/m.webp 1200w"',
    );
    expect(html).toMatch(/<img [^>]*fetchPriority="high"/);
    expect(html).toMatch(/<img [^>]*width="1200" height="400"/);
    expect(html).toMatch(/<img [^>]*loading="eager"/);
  });

  it("without sizes offers one file per format and loads lazily", () => {
    const html = renderToStaticMarkup(<ResponsiveImage image={masthead} />);
    expect(html).toContain('<source type="image/avif" srcSet="/images/m.avif"/>');
    expect(html).not.toContain("480w");
    expect(html).toMatch(/<img [^>]*loading="lazy"/);
    expect(html).not.toContain("fetchPriority");
  });
});
