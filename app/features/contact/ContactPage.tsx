import type { ReactNode } from "react";
import { DesktopLayout, MobileLayout } from "~/components/PageLayout";
import { useContent } from "~/content/use-content";
import { telephoneHref } from "#common/organisation";
import styles from "./ContactPage.module.css";

export interface ContactPageProps {
  variant: "desktop" | "mobile";
  /** The contact form (from the contact-form feature, composed by the route). */
  children: ReactNode;
}

/**
 * The contact screen around the form: the 'Contact us' heading and introduction, how soon the
 * organisation replies and how else to reach it (its facts: email, phone, postal address), and
 * the footer with the privacy, terms and cookie labels.
 */
export function ContactPage({ variant, children }: ContactPageProps) {
  const Layout = variant === "mobile" ? MobileLayout : DesktopLayout;
  const contact = useContent("contact");
  const { organisation } = useContent("layout");
  return (
    <Layout showCookieLabel>
      <div className={styles.page} data-variant={variant}>
        <div className={styles.intro}>
          <h1 className={styles.title}>{contact.heading}</h1>
          <p className={styles.lead}>{contact.intro}</p>
          <p className={styles.reply}>
            {contact.replyWithin} {organisation.replyTime}.
          </p>
          <address className={styles.reach}>
            <a href={`mailto:${organisation.email}`}>{organisation.email}</a>
            {organisation.phone ? (
              <a href={telephoneHref(organisation.phone)}>{organisation.phone}</a>
            ) : null}
            {organisation.postalAddress ? (
              <span className={styles.postal}>{organisation.postalAddress}</span>
            ) : null}
          </address>
        </div>
        <div className={styles.form}>{children}</div>
      </div>
    </Layout>
  );
}
