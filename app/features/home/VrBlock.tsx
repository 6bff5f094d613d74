import { buttonClass } from "~/components/ButtonLink";
import { ExternalLink } from "~/components/ExternalLink";
import { LoopingVideoIsland } from "~/components/LoopingVideoIsland";
import { useContent } from "~/content/use-content";
import styles from "./MobileBlocks.module.css";

/** Virtual reality for teen mental health: text, the looping video (pausable) and Learn More. */
export function VrBlock() {
  const { heading, text, video, learnMore } = useContent("homeMobile").vrBlock;
  return (
    <section className={styles.block} aria-labelledby="vr-heading">
      <h2 id="vr-heading" className={styles.heading}>
        {heading}
      </h2>
      <p>{text}</p>
      <LoopingVideoIsland video={video} preload="metadata" className={styles.media} />
      <ExternalLink
        href={learnMore.url}
        accessibleLabel={learnMore.accessibleLabel}
        className={buttonClass("secondary")}
      >
        {learnMore.label}
      </ExternalLink>
    </section>
  );
}
