import { useContent } from "~/content/use-content";
import styles from "./About.module.css";

/** Curriculum design, mentorship, design sprints and workshops. */
export function Offerings() {
  const { offerings } = useContent("about");
  return (
    <div className={styles.offerings}>
      {offerings.map((offering) => (
        <section
          key={offering.id}
          className={styles.offering}
          aria-labelledby={`${offering.id}-heading`}
        >
          <h2 id={`${offering.id}-heading`} className={styles.heading}>
            {offering.heading}
          </h2>
          {offering.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </div>
  );
}
