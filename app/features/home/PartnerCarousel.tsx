import { useState } from "react";
import type { PartnerLogo } from "#common/content/snapshot";
import { PauseIcon, PlayIcon } from "~/components/icons";
import styles from "./PartnerCarousel.module.css";

function LogoList({ logos, copy }: { logos: readonly PartnerLogo[]; copy: boolean }) {
  return (
    <ul className={styles.list} aria-hidden={copy ? "true" : undefined}>
      {logos.map((logo) => (
        <li key={logo.src} className={styles.item}>
          <img
            src={logo.src}
            alt={copy ? "" : logo.alt}
            width={logo.width}
            height={logo.height}
            loading="lazy"
            decoding="async"
          />
        </li>
      ))}
    </ul>
  );
}

export interface PartnerCarouselProps {
  heading: { title: string; lead: string };
  logos: readonly PartnerLogo[];
  /** The pause button's name. */
  pauseLabel: string;
}

/**
 * "Trusted by Leading Organizations": the six partner logos on a track that scrolls in a loop.
 * The list is drawn twice so the loop is seamless; the copy is hidden from screen readers.
 * The track stops on hover, on keyboard focus, with the pause button, and never moves when the
 * user prefers reduced motion.
 */
export function PartnerCarousel({ heading, logos, pauseLabel }: PartnerCarouselProps) {
  const [paused, setPaused] = useState(false);
  return (
    <section className={styles.section} aria-labelledby="partners-heading">
      <div className={styles.header}>
        <h2 id="partners-heading" className={styles.heading}>
          {heading.title}
        </h2>
        <p className={styles.lead}>{heading.lead}</p>
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={paused}
          onClick={() => setPaused((value) => !value)}
        >
          {paused ? <PlayIcon size={18} /> : <PauseIcon size={18} />}
          <span>{pauseLabel}</span>
        </button>
      </div>
      <div className={styles.viewport}>
        <div className={styles.track} data-paused={paused ? "true" : "false"}>
          <LogoList logos={logos} copy={false} />
          <LogoList logos={logos} copy />
        </div>
      </div>
    </section>
  );
}
