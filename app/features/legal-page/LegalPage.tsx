import type { LegalPageContent } from "#common/content/snapshot";
import { useContent } from "~/content/use-content";
import listing from "~/components/ListingPage.module.css";
import styles from "./LegalPage.module.css";

/**
 * /privacy and /terms: the page's heading, when it last changed, its introduction and sections
 * (each an h2 with an anchor), and how to ask about it (the organisation's email, from its facts).
 */
export function LegalPage({ page }: { page: LegalPageContent }) {
  const { organisation } = useContent("layout");
  return (
    <article className={listing.page}>
      <h1 className={listing.heading}>{page.heading}</h1>
      <p className={styles.updated}>{page.updated}</p>
      <p className={styles.intro}>{page.intro}</p>
      {page.sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
          <h2 id={`${section.id}-heading`} className={styles.sectionHeading}>
            {section.heading}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      <p className={styles.contact}>
        {page.contactLead} <a href={`mailto:${organisation.email}`}>{organisation.email}</a>.
      </p>
    </article>
  );
}
