import { ButtonLink } from "~/components/ButtonLink";
import { useContent } from "~/content/use-content";
import styles from "./MobileBlocks.module.css";

/** The mobile home's hero: the page heading, a line and Contact Us. */
export function MobileHero() {
  const { heading, text, contactButton } = useContent("homeMobile").hero;
  return (
    <section className={styles.hero} aria-labelledby="mobile-hero-heading">
      <h1 id="mobile-hero-heading" className={styles.title}>
        {heading}
      </h1>
      <p>{text}</p>
      <ButtonLink to={contactButton.to}>{contactButton.label}</ButtonLink>
    </section>
  );
}
