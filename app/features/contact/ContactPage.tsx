import type { ReactNode } from "react";
import { DesktopLayout, MobileLayout } from "~/components/PageLayout";
import { useContent } from "~/content/use-content";
import styles from "./ContactPage.module.css";

export interface ContactPageProps {
  variant: "desktop" | "mobile";
  /** The contact form (from the contact-form feature, composed by the route). */
  children: ReactNode;
}

/**
 * The contact screen around the form: the 'Contact us' heading and introduction, and the
 * footer with the privacy, terms and cookie labels.
 */
export function ContactPage({ variant, children }: ContactPageProps) {
  const Layout = variant === "mobile" ? MobileLayout : DesktopLayout;
  const contact = useContent("contact");
  return (
    <Layout showCookieLabel>
      <div className={styles.page} data-variant={variant}>
        <div className={styles.intro}>
          <h1 className={styles.title}>{contact.heading}</h1>
          <p className={styles.lead}>{contact.intro}</p>
        </div>
        <div className={styles.form}>{children}</div>
      </div>
    </Layout>
  );
}
