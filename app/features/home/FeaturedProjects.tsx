import { buttonClass } from "~/components/ButtonLink";
import { ExternalLink } from "~/components/ExternalLink";
import { LoopingVideoIsland } from "~/components/LoopingVideoIsland";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { useContent } from "~/content/use-content";
import type { FeaturedProject } from "#common/content/snapshot";
import styles from "./FeaturedProjects.module.css";

function ProjectMedia({ media }: { media: FeaturedProject["media"] }) {
  if (media.type === "video") return <LoopingVideoIsland video={media} preload="none" />;
  return (
    <ResponsiveImage
      image={media}
      className={styles.image}
      sizes="(min-width: 900px) 50vw, 100vw"
    />
  );
}

function ProjectCard({ project, reversed }: { project: FeaturedProject; reversed: boolean }) {
  const headingId = `project-${project.id}`;
  return (
    <article
      className={styles.card}
      aria-labelledby={headingId}
      data-layout={reversed ? "reversed" : "normal"}
    >
      <div className={styles.media}>
        <ProjectMedia media={project.media} />
      </div>
      <div className={styles.body}>
        <p className={styles.tag}>{project.tag}</p>
        <h3 id={headingId} className={styles.title}>
          {project.title}
        </h3>
        <p>{project.description}</p>
        {project.features && project.features.length > 0 ? (
          <ul className={styles.features}>
            {project.features.map((feature) => (
              <li key={feature.title}>
                <strong className={styles.featureTitle}>{feature.title}</strong>
                <span>{feature.description}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <ExternalLink
          href={project.link}
          className={buttonClass("primary")}
          accessibleLabel={`${project.buttonText}, ${project.title}`}
        >
          {project.buttonText}
        </ExternalLink>
      </div>
    </article>
  );
}

/** "Featured Projects": three cards, every second one with media and text swapped. */
export function FeaturedProjects() {
  const { featuredProjectsHeading } = useContent("home");
  const featuredProjects = useContent("projects");
  return (
    <section className={styles.section} aria-labelledby="featured-projects-heading">
      <h2 id="featured-projects-heading" className={styles.heading}>
        {featuredProjectsHeading}
      </h2>
      <div className={styles.cards}>
        {featuredProjects.map((project, index) => (
          <ProjectCard key={project.id} project={project} reversed={index % 2 === 1} />
        ))}
      </div>
    </section>
  );
}
