import { Link } from "react-router";
import { useContent } from "~/content/use-content";
import { PRIVACY_PATH, TERMS_PATH } from "~/route-paths";
import { shownSocialProfiles, telephoneHref } from "#common/organisation";
import { ExternalLink } from "./ExternalLink";
import { socialIcons } from "./icons";
import styles from "./Footer.module.css";

export interface FooterProps {
  /** Which variant of the site's pages the links go to. */
  variant: "desktop" | "mobile";
  /** The contact screens also show the cookie label. */
  showCookieLabel?: boolean;
}

/**
 * The site footer: logo, the organisation's email, phone, postal address and social profiles (those with a real
 * address), page links, the professional profile, the copyright, links to the privacy policy
 * and the terms of service, and on contact screens the (unlinked) cookie label.
 */
export function Footer({ variant, showCookieLabel = false }: FooterProps) {
  const { footer, logoLight, organisation, year } = useContent("layout");
  const socialProfiles = shownSocialProfiles(organisation);
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <img
            className={styles.logo}
            src={logoLight.src}
            alt={logoLight.alt}
            width={logoLight.width}
            height={logoLight.height}
            loading="lazy"
            decoding="async"
          />
          <address className={styles.reach}>
            <a className={styles.link} href={`mailto:${organisation.email}`}>
              {organisation.email}
            </a>
            {organisation.phone ? (
              <a className={styles.link} href={telephoneHref(organisation.phone)}>
                {organisation.phone}
              </a>
            ) : null}
            {organisation.postalAddress ? (
              <span className={styles.postal}>{organisation.postalAddress}</span>
            ) : null}
          </address>
          {socialProfiles.length > 0 ? (
            <ul className={styles.social} aria-label={footer.socialHeading}>
              {socialProfiles.map((social) => {
                const Icon = socialIcons[social.network];
                return (
                  <li key={social.url}>
                    <ExternalLink href={social.url} className={styles.socialLink}>
                      <Icon size={22} />
                      <span className="visually-hidden">{social.label}</span>
                    </ExternalLink>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
        <ul className={styles.links}>
          {footer.links.map((link) => (
            <li key={link.label}>
              <Link
                className={styles.link}
                to={variant === "mobile" ? link.toMobile : link.toDesktop}
              >
                {link.label}
              </Link>
            </li>
          ))}
          <li>
            <ExternalLink
              className={styles.link}
              href={footer.professionalProfile.url}
              accessibleLabel={footer.professionalProfile.accessibleLabel}
            >
              {footer.professionalProfile.label}
            </ExternalLink>
          </li>
        </ul>
      </div>
      <div className={styles.legal}>
        <p className={styles.copyright}>© {year}</p>
        <ul className={styles.labels}>
          <li>
            <Link className={styles.link} to={PRIVACY_PATH}>
              {footer.privacyLabel}
            </Link>
          </li>
          <li>
            <Link className={styles.link} to={TERMS_PATH}>
              {footer.termsLabel}
            </Link>
          </li>
          {showCookieLabel ? <li>{footer.cookieLabel}</li> : null}
        </ul>
      </div>
    </footer>
  );
}
