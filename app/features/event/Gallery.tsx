import { useId } from "react";
import { CarouselDots, CarouselSlides } from "~/components/CarouselSlides";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { ArrowRightIcon, PauseIcon, PlayIcon } from "~/components/icons";
import type { EventGallery, GallerySlide } from "#common/content/snapshot";
import { useCarouselRotation } from "~/lib/use-carousel-rotation";
import styles from "./Gallery.module.css";

/** Spec section 9: the gallery advances every 5 seconds. */
export const GALLERY_INTERVAL_MS = 5000;

export interface GalleryProps {
  gallery: EventGallery;
  /** The first picture is above the fold (the page's largest picture): load it at once. */
  priority?: boolean;
  className?: string;
}

function fill(template: string, values: Record<string, number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    key in values ? String(values[key]) : match,
  );
}

/**
 * The event's picture carousel (WAI-ARIA carousel pattern): one slide at a time, advancing
 * every 5 s and wrapping at both ends; previous/next buttons and a dot per slide; a pause
 * control; no rotation while hovered, while focus is inside, or when the user prefers reduced
 * motion. Hidden slides are inert. A gallery of one picture shows just the picture.
 */
export function Gallery({ gallery, priority = false, className }: GalleryProps) {
  const headingId = useId();
  const slidesId = useId();
  const slides: readonly GallerySlide[] = gallery.slides;
  const count = slides.length;
  const { controls } = gallery;
  // One picture is no carousel: no arrows, dots or pause (issue 29).
  const several = count > 1;
  const { active, show, rotating, canRotate, userPaused, toggleRotation, regionProps } =
    useCarouselRotation({ count, intervalMs: GALLERY_INTERVAL_MS });

  return (
    <section
      className={`${styles.gallery} ${className ?? ""}`}
      aria-roledescription={several ? "carousel" : undefined}
      aria-labelledby={headingId}
      {...regionProps}
    >
      <h2 id={headingId} className="visually-hidden">
        {gallery.label}
      </h2>
      <div className={styles.stage}>
        <CarouselSlides
          id={slidesId}
          items={slides}
          keyOf={(slide) => slide.src}
          active={active}
          rotating={rotating}
          labelOf={(i, total) => fill(controls.position, { n: i + 1, count: total })}
          classNames={styles}
          renderSlide={(slide, i) => (
            <figure className={styles.figure}>
              <ResponsiveImage
                image={slide}
                className={styles.image}
                priority={priority && i === 0}
              />
              <figcaption className={styles.caption}>{slide.caption}</figcaption>
            </figure>
          )}
        />
        {several ? (
          <>
            <button
              type="button"
              className={`${styles.arrow} ${styles.previous}`}
              aria-controls={slidesId}
              onClick={() => show(active - 1)}
            >
              <ArrowRightIcon className={styles.flip} />
              <span className="visually-hidden">{controls.previous}</span>
            </button>
            <button
              type="button"
              className={`${styles.arrow} ${styles.next}`}
              aria-controls={slidesId}
              onClick={() => show(active + 1)}
            >
              <ArrowRightIcon />
              <span className="visually-hidden">{controls.next}</span>
            </button>
          </>
        ) : null}
      </div>
      {several ? (
        <div className={styles.controls}>
          <CarouselDots
            controls={slidesId}
            items={slides}
            keyOf={(slide) => slide.src}
            active={active}
            labelOf={(i) => fill(controls.goTo, { n: i + 1 })}
            onSelect={show}
            classNames={styles}
          />
          {canRotate ? (
            <button
              type="button"
              className={styles.rotation}
              aria-controls={slidesId}
              onClick={toggleRotation}
            >
              {userPaused ? <PlayIcon size={16} /> : <PauseIcon size={16} />}
              {userPaused ? controls.resume : controls.pause}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
