import type { ImageAsset } from "~/content/types";

export interface ResponsiveImageProps {
  image: ImageAsset;
  /** Above the fold (the hero or LCP picture): load at once, with high priority. */
  priority?: boolean;
  className?: string;
  /** Class for the <picture> wrapper. */
  pictureClassName?: string;
  /** Overrides the content's alt text (e.g. "" for a copy that screen readers must skip). */
  alt?: string;
  /**
   * How wide the picture is drawn (e.g. "100vw"). With it, each candidate carries its width
   * ("… 1600w"), and the image's narrower `variants` are offered beside it, so the browser
   * picks the smallest file that fills the drawn width at the screen's pixel density.
   */
  sizes?: string;
}

function typeOf(src: string): string | null {
  if (src.endsWith(".webp")) return "image/webp";
  if (src.endsWith(".avif")) return "image/avif";
  return null;
}

/**
 * A picture with its AVIF version offered first, then WebP (or the original file), with its
 * real width and height so nothing shifts while it loads. Lazy unless `priority`.
 */
export function ResponsiveImage({
  image,
  priority = false,
  className,
  pictureClassName,
  alt,
  sizes,
}: ResponsiveImageProps) {
  const type = typeOf(image.src);
  const files = [...(image.variants ?? []), image];
  const fileOf = (file: { src: string; avifSrc?: string }, format: "avif" | "original") =>
    format === "avif" ? file.avifSrc : file.src;
  const candidate = (format: "avif" | "original") => {
    if (!sizes) return fileOf(image, format);
    return files
      .flatMap((file) => {
        const src = fileOf(file, format);
        return src ? [`${src} ${file.width}w`] : [];
      })
      .join(", ");
  };
  return (
    <picture className={pictureClassName}>
      {image.avifSrc ? <source type="image/avif" srcSet={candidate("avif")} sizes={sizes} /> : null}
      {image.avifSrc && type ? (
        <source type={type} srcSet={candidate("original")} sizes={sizes} />
      ) : null}
      <img
        className={className}
        src={image.src}
        alt={alt ?? image.alt}
        width={image.width}
        height={image.height}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "auto" : "async"}
        fetchPriority={priority ? "high" : undefined}
        srcSet={sizes ? candidate("original") : undefined}
        sizes={sizes}
      />
    </picture>
  );
}
