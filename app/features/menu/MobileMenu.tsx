import { Link, useNavigate } from "react-router";
import { ButtonLink } from "~/components/ButtonLink";
import { CURRENT_LINKS } from "~/components/CurrentLinks";
import { CloseIcon } from "~/components/icons";
import { useContent } from "~/content/use-content";
import { canGoBackInSite } from "~/lib/can-go-back";
import { HOME_PATHS } from "~/route-paths";
import styles from "./MobileMenu.module.css";

/**
 * The mobile menu: page links (then Events and Updates, unless staff listed them), Contact Us,
 * the taglines, and a close button that goes back.
 */
export function MobileMenu() {
  const navigate = useNavigate();
  const { logo, navigation } = useContent("layout");
  const { mobileMenu } = navigation;
  const close = () => {
    if (canGoBackInSite()) void navigate(-1);
    else void navigate(HOME_PATHS.mobile, { replace: true });
  };
  return (
    <div className={styles.screen}>
      <header className={styles.bar}>
        <Link to={HOME_PATHS.mobile} className={styles.logo}>
          <img src={logo.src} alt={logo.alt} width={logo.width} height={logo.height} />
        </Link>
        {/* data-menu-close: where the inline script of the server-rendered page (no React) listens. */}
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
            {/* What is current, whatever links staff keep in the menu (design 15). */}
            {CURRENT_LINKS.filter(
              (current) => !mobileMenu.links.some((link) => link.to === current.href),
            ).map((current) => (
              <li key={current.href}>
                <a href={current.href} className={styles.link}>
                  {current.label}
                </a>
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
