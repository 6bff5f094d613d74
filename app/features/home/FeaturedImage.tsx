import { ResponsiveImage } from "~/components/ResponsiveImage";
import { useContent } from "~/content/use-content";
import styles from "./FeaturedImage.module.css";

/** A wide picture with a headline and subtitle laid over it. */
export function FeaturedImage() {
  const { featuredImage } = useContent("home");
  return (
    <section className={styles.section} aria-labelledby="featured-image-heading">
      <figure className={styles.figure}>
        <ResponsiveImage
          image={featuredImage.image}
          className={styles.image}
          sizes="(min-width: 72rem) 72rem, 100vw"
        />
        <figcaption className={styles.overlay}>
          <h2 id="featured-image-heading" className={styles.headline}>
            {featuredImage.headline}
          </h2>
          <p className={styles.subtitle}>{featuredImage.subtitle}</p>
        </figcaption>
      </figure>
    </section>
  );
}
