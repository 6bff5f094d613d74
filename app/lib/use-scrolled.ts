import { useEffect, useState } from "react";

/** Pixels scrolled down before the mobile header turns compact. */
export const SCROLLED_THRESHOLD = 8;

/**
 * Whether the page is scrolled more than `threshold` pixels down. A passive scroll listener
 * reads the position at most once per animation frame, and the component re-renders only when
 * the answer flips, not on every scroll event.
 */
export function useScrolled(threshold = SCROLLED_THRESHOLD): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    let frame = 0;
    const read = () => {
      frame = 0;
      setScrolled(window.scrollY > threshold);
    };
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(read);
    };
    read();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [threshold]);
  return scrolled;
}
