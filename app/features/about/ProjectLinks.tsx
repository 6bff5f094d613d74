import { ExternalLink } from "~/components/ExternalLink";
import { useContent } from "~/content/use-content";
import styles from "./About.module.css";

/** The mobile About page's project links (sea-level-rise VR, Seattle fire VR, ...). */
export function ProjectLinks() {
  const { mobileProjectLinks } = useContent("about");
  return (
    <section className={styles.section} aria-labelledby="projects-heading">
      <h2 id="projects-heading" className={styles.heading}>
        {mobileProjectLinks.heading}
      </h2>
      <ul className={styles.projects}>
        {mobileProjectLinks.links.map((project) => (
          <li key={project.url} className={styles.project}>
            <h3 className={styles.projectTitle}>
              <ExternalLink href={project.url} className={styles.textLink}>
                {project.title}
              </ExternalLink>
            </h3>
            <p>{project.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
