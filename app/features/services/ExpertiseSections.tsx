import { useContent } from "~/content/use-content";
import styles from "./Services.module.css";

/**
 * Collaborate, Expertise, Innovate, Impact and Funding. The mobile page also shows the Funding
 * figures (two halves of 50%).
 */
export function ExpertiseSections({ showFigures }: { showFigures: boolean }) {
  const expertiseSections = useContent("expertise");
  return (
    <div className={styles.expertise}>
      {expertiseSections.map((section) => (
        <section
          key={section.id}
          className={styles.area}
          data-area={section.id}
          aria-labelledby={`expertise-${section.id}`}
        >
          <h2 id={`expertise-${section.id}`} className={styles.areaHeading}>
            {section.heading}
          </h2>
          <p>{section.text}</p>
          {showFigures && section.figures ? (
            <ul className={styles.figures}>
              {section.figures.map((figure) => (
                <li key={figure.label} className={styles.figure}>
                  <span className={styles.figureValue}>{figure.value}</span>
                  <span className={styles.figureLabel}>{figure.label}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </div>
  );
}
