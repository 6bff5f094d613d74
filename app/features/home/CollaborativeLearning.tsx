import { buttonClass } from "~/components/ButtonLink";
import { ExternalLink } from "~/components/ExternalLink";
import { useContent } from "~/content/use-content";
import styles from "./MobileBlocks.module.css";

/** Collaborative learning: text, the two benefits and Learn More. */
export function CollaborativeLearning() {
  const { heading, text, benefits, learnMore } = useContent("homeMobile").collaborativeLearning;
  return (
    <section className={styles.block} aria-labelledby="collaborative-heading">
      <h2 id="collaborative-heading" className={styles.heading}>
        {heading}
      </h2>
      <p>{text}</p>
      <ul className={styles.benefits}>
        {benefits.map((benefit) => (
          <li key={benefit.title} className={styles.benefit}>
            <h3 className={styles.benefitTitle}>{benefit.title}</h3>
            <p>{benefit.description}</p>
          </li>
        ))}
      </ul>
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
