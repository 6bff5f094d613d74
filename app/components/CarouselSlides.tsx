import type { ReactNode } from "react";

/*
 * The slides and dots of the site's carousels (the event gallery, the featured strip), after
 * the WAI-ARIA carousel pattern. Markup only: each carousel passes the class names of its own
 * CSS module, so no page loads a stylesheet for this file. Rotation state comes from
 * useCarouselRotation.
 */

export interface CarouselSlidesProps<Item> {
  /** The id the carousel's controls point at with aria-controls. */
  id: string;
  items: readonly Item[];
  keyOf: (item: Item) => string;
  active: number;
  /** While rotating, slide changes are not announced (aria-live off). */
  rotating: boolean;
  /** Each slide's accessible name, e.g. "1 of 2". */
  labelOf: (index: number, count: number) => string;
  renderSlide: (item: Item, index: number, hidden: boolean) => ReactNode;
  /** From the carousel's CSS module. */
  classNames: Readonly<{ viewport?: string; track?: string; slide?: string }>;
}

/** One slide in view; the others are hidden from assistive technology and inert. */
export function CarouselSlides<Item>({
  id,
  items,
  keyOf,
  active,
  rotating,
  labelOf,
  renderSlide,
  classNames,
}: CarouselSlidesProps<Item>) {
  return (
    <div id={id} className={classNames.viewport} aria-live={rotating ? "off" : "polite"}>
      {/* No style attribute in the server-rendered HTML (the CSP allows none); later moves go through the CSSOM. */}
      <div
        className={classNames.track}
        style={active ? { transform: `translateX(-${active * 100}%)` } : undefined}
      >
        {items.map((item, i) => {
          const hidden = i !== active;
          return (
            <div
              key={keyOf(item)}
              className={classNames.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={labelOf(i, items.length)}
              aria-hidden={hidden ? "true" : undefined}
              inert={hidden}
            >
              {renderSlide(item, i, hidden)}
            </div>
          );
        })}
      </div>
    </div>
  );
}

export interface CarouselDotsProps<Item> {
  /** The id of the slides (CarouselSlides' `id`). */
  controls: string;
  items: readonly Item[];
  keyOf: (item: Item) => string;
  active: number;
  /** Each dot's accessible name, e.g. "Go to slide 2". */
  labelOf: (index: number) => string;
  onSelect: (index: number) => void;
  /** From the carousel's CSS module. */
  classNames: Readonly<{ dots?: string; dot?: string }>;
}

/** A dot per slide; the current one carries aria-current. */
export function CarouselDots<Item>({
  controls,
  items,
  keyOf,
  active,
  labelOf,
  onSelect,
  classNames,
}: CarouselDotsProps<Item>) {
  return (
    <div className={classNames.dots}>
      {items.map((item, i) => (
        <button
          key={keyOf(item)}
          type="button"
          className={classNames.dot}
          aria-label={labelOf(i)}
          aria-current={i === active ? "true" : undefined}
          aria-controls={controls}
          onClick={() => onSelect(i)}
        />
      ))}
    </div>
  );
}
