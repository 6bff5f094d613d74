import { ButtonLink, buttonClass } from "~/components/ButtonLink";
import { ExternalLink } from "~/components/ExternalLink";
import { DesktopLayout, MobileLayout } from "~/components/PageLayout";
import { useContent } from "~/content/use-content";
import styles from "./Publications.module.css";

function PublicationList() {
  const publications = useContent("publications");
  return (
    <ul className={styles.publications}>
      {publications.map((publication) => (
        <li key={publication.url} className={styles.publication}>
          <ExternalLink href={publication.url} className={styles.publicationLink}>
            {publication.title}
          </ExternalLink>
          <p className={styles.meta}>
            {publication.venue} · {publication.year}
          </p>
        </li>
      ))}
    </ul>
  );
}

function Conferences() {
  const { conferencesHeading } = useContent("publicationsPage");
  const conferences = useContent("conferences");
  return (
    <section className={styles.section} aria-labelledby="conferences-heading">
      <h2 id="conferences-heading" className={styles.heading}>
        {conferencesHeading}
      </h2>
      <ul className={styles.conferences}>
        {conferences.map((entry) => (
          <li key={`${entry.role}-${entry.event}`} className={styles.conference}>
            <h3 className={styles.itemHeading}>{entry.event}</h3>
            <p className={styles.role}>
              {entry.role} · <time dateTime={String(entry.year)}>{entry.year}</time>
            </p>
            <p>{entry.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Expertise() {
  const { expertise, learnMore } = useContent("publicationsPage");
  return (
    <section className={styles.section} aria-labelledby="publications-expertise-heading">
      <h2 id="publications-expertise-heading" className={styles.heading}>
        {expertise.heading}
      </h2>
      <ul className={styles.areas}>
        {expertise.areas.map((area) => (
          <li key={area.title} className={styles.area}>
            <h3 className={styles.itemHeading}>{area.title}</h3>
            <p>{area.description}</p>
          </li>
        ))}
      </ul>
      <p className={styles.learnMore}>
        <ExternalLink
          href={learnMore.url}
          accessibleLabel={learnMore.accessibleLabel}
          className={buttonClass("secondary")}
        >
          {learnMore.label}
        </ExternalLink>
      </p>
    </section>
  );
}

function ContactCta() {
  const { contactCta } = useContent("publicationsPage");
  return (
    <section className={styles.cta} aria-labelledby="publications-cta-heading">
      <h2 id="publications-cta-heading" className={styles.heading}>
        {contactCta.heading}
      </h2>
      <p>{contactCta.text}</p>
      <ButtonLink to={contactCta.button.toDesktop} variant="light">
        {contactCta.button.label}
      </ButtonLink>
    </section>
  );
}

/**
 * Publications: five external links; the desktop variant adds the conferences, the areas of
 * expertise with Learn More, and a Contact Us call to action.
 */
export function PublicationsPage({ variant }: { variant: "desktop" | "mobile" }) {
  const { heading, intro } = useContent("publicationsPage");
  const content = (
    <div className={styles.page} data-variant={variant}>
      <div className={styles.intro}>
        <h1 className={styles.title}>{heading}</h1>
        <p className={styles.lead}>{intro}</p>
      </div>
      <PublicationList />
      {variant === "desktop" ? (
        <>
          <Conferences />
          <Expertise />
          <ContactCta />
        </>
      ) : null}
    </div>
  );
  return variant === "mobile" ? (
    <MobileLayout>{content}</MobileLayout>
  ) : (
    <DesktopLayout>{content}</DesktopLayout>
  );
}
