import type { TextSection } from "~/content/types";
import styles from "./AboutPreview.module.css";

/** A heading and the practitioner's journey (the home about preview, the mobile journey text). */
export function AboutPreview({ section }: { section: TextSection }) {
  const headingId = `${section.id}-heading`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {section.heading}
      </h2>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph} className={styles.text}>
          {paragraph}
        </p>
      ))}
    </section>
  );
}
