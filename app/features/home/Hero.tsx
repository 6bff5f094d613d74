import { ButtonLink } from "~/components/ButtonLink";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { useContent } from "~/content/use-content";
import styles from "./Hero.module.css";

/** The desktop home's hero: the page heading over a decorative backdrop, and Get Started. */
export function Hero() {
  const { hero } = useContent("home");
  return (
    <section className={styles.hero} aria-labelledby="hero-heading">
      <ResponsiveImage
        image={hero.image}
        priority
        sizes="100vw"
        pictureClassName={styles.backdrop}
        className={styles.backdropImage}
      />
      <div className={styles.content}>
        <h1 id="hero-heading" className={styles.heading}>
          {hero.heading}
        </h1>
        <p className={styles.subheading}>{hero.subheading}</p>
        <p className={styles.intro}>{hero.intro}</p>
        <ButtonLink to={hero.cta.to} variant="light">
          {hero.cta.label}
        </ButtonLink>
      </div>
    </section>
  );
}
