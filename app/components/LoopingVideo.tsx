import { useEffect, useRef, useState } from "react";
import type { VideoAsset } from "~/content/types";
import { usePrefersReducedMotion } from "~/lib/use-media-query";
import { PauseIcon, PlayIcon } from "./icons";
import styles from "./LoopingVideo.module.css";

export interface LoopingVideoProps {
  video: VideoAsset;
  /** The pause/play button's names (passed in, as an island reads no router context). */
  labels: { pauseVideo: string; playVideo: string };
  /** Native controls instead of the pause/play button. */
  controls?: boolean;
  /** "none" below the fold, "metadata" near the top. */
  preload?: "none" | "metadata" | "auto";
  className?: string;
}

/** How far outside the viewport a video starts loading (its poster and file). */
const NEAR_VIEWPORT = "200px";

/**
 * How long a video must stay near the viewport before it loads when the visitor has not
 * scrolled. Until the first input the browser still counts what it paints towards the page's
 * largest contentful paint, and a video loaded then becomes it, late: under Lighthouse's mobile
 * emulation the home's video, well below the fold, is reported near the viewport during the
 * load. After a scroll (an input, which ends the largest paint) it loads at once.
 */
const SETTLE_MS = 5000;

/**
 * A short, silent, looping video that plays by itself: muted, inline, with a poster. When the
 * user prefers reduced motion it does not play until asked. Either native controls or a
 * visible pause/play button lets anyone stop it (WCAG 2.2.2).
 *
 * With the button it is an island, and it loads lazily (docs/decisions/043): the server's HTML
 * names neither its poster nor its files, so nothing of it is fetched before the page's largest
 * paint; once hydrated (after the page has loaded) it adds them when it comes near the viewport,
 * at once after the visitor has scrolled, otherwise once it has stayed there a while (SETTLE_MS),
 * and the browser then loads and autoplays it. Its frame keeps the video's size meanwhile. With
 * the browser's controls it is plain HTML, never hydrated, so it names them at once.
 */
export function LoopingVideo({
  video,
  labels,
  controls = false,
  preload = "metadata",
  className,
}: LoopingVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [near, setNear] = useState(controls);
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    let scrolled = false;
    let inView = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      scrolled = true;
      if (inView) setNear(true);
    };
    const observer = new IntersectionObserver(
      (entries) => {
        inView = entries.some((entry) => entry.isIntersecting);
        clearTimeout(timer);
        if (inView && scrolled) setNear(true);
        else if (inView) timer = setTimeout(() => setNear(true), SETTLE_MS);
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(element);
    addEventListener("scroll", onScroll, { passive: true, once: true });
    return () => {
      observer.disconnect();
      clearTimeout(timer);
      removeEventListener("scroll", onScroll);
    };
  }, [near]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (reducedMotion) {
      // Pausing also cancels a pending autoplay.
      element.autoplay = false;
      element.pause();
    }
    setPlaying(!element.paused);
  }, [reducedMotion]);

  const toggle = () => {
    const element = ref.current;
    if (!element) return;
    if (element.paused) {
      void element.play().catch(() => setPlaying(false));
    } else {
      element.pause();
    }
  };

  return (
    <div className={`${styles.frame} ${controls ? "" : styles.lazy} ${className ?? ""}`}>
      <video
        ref={ref}
        className={styles.video}
        width={video.width}
        height={video.height}
        poster={near ? video.poster : undefined}
        preload={preload}
        aria-label={video.label}
        muted
        loop
        playsInline
        autoPlay
        controls={controls}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      >
        {/* A source added to a video without one starts the browser's loading (and autoplay). */}
        {near
          ? video.sources.map((source) => (
              <source key={source.src} src={source.src} type={source.type} />
            ))
          : null}
      </video>
      {controls ? null : (
        <button type="button" className={styles.toggle} onClick={toggle}>
          {playing ? <PauseIcon size={20} /> : <PlayIcon size={20} />}
          <span className="visually-hidden">{playing ? labels.pauseVideo : labels.playVideo}</span>
        </button>
      )}
    </div>
  );
}
