import { useEffect, useState, type FocusEvent } from "react";
import { usePrefersReducedMotion } from "~/lib/use-media-query";

export interface CarouselRotationOptions {
  /** How many slides there are (0 while they are still loading). */
  count: number;
  /** How long each slide stays before the next one. */
  intervalMs: number;
}

export interface CarouselRotation {
  /** The index of the slide shown (0 when there are none). */
  active: number;
  /** Shows a slide; indexes below 0 or past the end wrap around. */
  show: (index: number) => void;
  /** Whether the slides advance on their own right now. */
  rotating: boolean;
  /** Whether rotation is possible at all (more than one slide, no reduced motion): offer the toggle only then. */
  canRotate: boolean;
  /** Whether the user paused rotation with the toggle. */
  userPaused: boolean;
  toggleRotation: () => void;
  /** Spread on the carousel's region: pauses rotation while hovered or while focus is inside. */
  regionProps: {
    onMouseEnter: () => void;
    onMouseLeave: () => void;
    onFocus: () => void;
    onBlur: (event: FocusEvent<HTMLElement>) => void;
  };
}

/**
 * The rotation of an auto-advancing carousel (WAI-ARIA carousel pattern): advances every
 * `intervalMs` and wraps to the first slide after the last; stops while the user paused it,
 * while the region is hovered or holds focus, and when the user prefers reduced motion.
 */
export function useCarouselRotation({
  count,
  intervalMs,
}: CarouselRotationOptions): CarouselRotation {
  const [index, setIndex] = useState(0);
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const reducedMotion = usePrefersReducedMotion();

  // The list may shrink (the featured strip fetches it again): stay on its last slide then.
  const active = count === 0 ? 0 : Math.min(index, count - 1);
  const canRotate = count > 1 && !reducedMotion;
  const rotating = canRotate && !userPaused && !hovered && !focusInside;

  useEffect(() => {
    if (!rotating) return;
    // Restarted on every slide change, so a manual choice also gets its full interval.
    const timer = window.setTimeout(() => setIndex((active + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [rotating, active, count, intervalMs]);

  const show = (target: number) => {
    if (count > 0) setIndex(((target % count) + count) % count);
  };

  const toggleRotation = () => {
    if (userPaused) {
      // An explicit "resume" wins over the temporary pause from hovering or focusing the
      // carousel (pointer and focus are on this very button) until they move again.
      setHovered(false);
      setFocusInside(false);
    }
    setUserPaused(!userPaused);
  };

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusInside(false);
  };

  return {
    active,
    show,
    rotating,
    canRotate,
    userPaused,
    toggleRotation,
    regionProps: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocusInside(true),
      onBlur,
    },
  };
}
