import { useContent } from "~/content/use-content";
import styles from "./ContentSections.module.css";

/** The short sections after the featured projects. */
export function ContentSections() {
  const { contentSections } = useContent("home");
  return (
    <div className={styles.grid}>
      {contentSections.map((section) => (
        <section
          key={section.id}
          className={styles.section}
          aria-labelledby={`section-${section.id}`}
        >
          <h2 id={`section-${section.id}`} className={styles.heading}>
            {section.heading}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </div>
  );
}
