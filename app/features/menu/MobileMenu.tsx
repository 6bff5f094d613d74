import { Link, useNavigate } from "react-router";
import { ButtonLink } from "~/components/ButtonLink";
import { CloseIcon } from "~/components/icons";
import { mobileHomePath, mobileMenu } from "~/content/navigation";
import { site } from "~/content/site";
import styles from "./MobileMenu.module.css";

/** True when this page is the first entry of the site in this tab (nothing of ours to go back to). */
function isFirstEntry(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return !state || typeof state.idx !== "number" || state.idx === 0;
}

/** The mobile menu: page links, Contact Us, the taglines, and a close button that goes back. */
export function MobileMenu() {
  const navigate = useNavigate();
  const close = () => {
    if (isFirstEntry()) void navigate(mobileHomePath, { replace: true });
    else void navigate(-1);
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
        <button type="button" className={styles.close} onClick={close}>
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
