import { Link, useNavigate } from "react-router";
import { ButtonLink } from "~/components/ButtonLink";
import { CloseIcon } from "~/components/icons";
import { mobileHomePath, mobileMenu } from "~/content/navigation";
import { site } from "~/content/site";
import { canGoBackInSite } from "~/lib/can-go-back";
import styles from "./MobileMenu.module.css";

/** The mobile menu: page links, Contact Us, the taglines, and a close button that goes back. */
export function MobileMenu() {
  const navigate = useNavigate();
  const close = () => {
    if (canGoBackInSite()) void navigate(-1);
    else void navigate(mobileHomePath, { replace: true });
  };
  return (
    <div className={styles.screen}>
      <header className={styles.bar}>
        <Link to={mobileHomePath} className={styles.logo}>
          <img
            src={site.logo.src}
            alt={site.logo.alt}
            width={site.logo.width}
            height={site.logo.height}
          />
        </Link>
        {/* data-menu-close: where the inline script of the pre-rendered page (no React) listens. */}
        <button type="button" className={styles.close} onClick={close} data-menu-close="">
          <CloseIcon size={28} />
          <span className="visually-hidden">{mobileMenu.closeLabel}</span>
        </button>
      </header>
      <main id="main" className={styles.main}>
        <h1 className={styles.tagline}>{mobileMenu.taglines[0]}</h1>
        <nav aria-label={mobileMenu.navLabel}>
          <ul className={styles.links}>
            {mobileMenu.links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={styles.link}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <ButtonLink to={mobileMenu.contactButton.to} variant="light" className={styles.contact}>
          {mobileMenu.contactButton.label}
        </ButtonLink>
        <p className={styles.secondTagline}>{mobileMenu.taglines[1]}</p>
      </main>
    </div>
  );
}
