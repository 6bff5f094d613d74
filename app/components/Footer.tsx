import { Link } from "react-router";
import { useContent } from "~/content/use-content";
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
 * The site footer: logo, social links, page links, the professional profile, the copyright and
 * the (unlinked) privacy, terms and, on contact screens, cookie labels.
 */
export function Footer({ variant, showCookieLabel = false }: FooterProps) {
  const { footer, logoLight, socialLinks } = useContent("layout");
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
          <ul className={styles.social} aria-label={footer.socialHeading}>
            {socialLinks.map((social) => {
              const Icon = socialIcons[social.network];
              return (
                <li key={social.network}>
                  <ExternalLink href={social.url} className={styles.socialLink}>
                    <Icon size={22} />
                    <span className="visually-hidden">{social.label}</span>
                  </ExternalLink>
                </li>
              );
            })}
          </ul>
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
        <p className={styles.copyright}>{footer.copyright}</p>
        <ul className={styles.labels}>
          <li>{footer.privacyLabel}</li>
          <li>{footer.termsLabel}</li>
          {showCookieLabel ? <li>{footer.cookieLabel}</li> : null}
        </ul>
      </div>
    </footer>
  );
}
