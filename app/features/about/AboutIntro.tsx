import { useContent } from "~/content/use-content";
import styles from "./About.module.css";

/** The page heading, the Create / Build / Design taglines, the mission and how we work. */
export function AboutIntro() {
  const { heading, taglines, mission, howWeWork } = useContent("about");
  return (
    <>
      <header className={styles.intro}>
        <h1 className={styles.title}>{heading}</h1>
        <ul className={styles.taglines}>
          {taglines.map((tagline) => (
            <li key={tagline}>{tagline}</li>
          ))}
        </ul>
      </header>
      <section className={styles.section} aria-labelledby="mission-heading">
        <h2 id="mission-heading" className={styles.heading}>
          {mission.heading}
        </h2>
        {mission.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>
      <section className={styles.section} aria-labelledby="how-we-work-heading">
        <h2 id="how-we-work-heading" className={styles.heading}>
          {howWeWork.heading}
        </h2>
        <p>{howWeWork.intro}</p>
        <ol className={styles.steps}>
          {howWeWork.steps.map((step) => (
            <li key={step.title} className={styles.step}>
              <h3 className={styles.stepTitle}>{step.title}</h3>
              <p>{step.description}</p>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
