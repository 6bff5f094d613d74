import { Link, NavLink } from "react-router";
import { navbarLabel, navbarLinks } from "~/content/navigation";
import { site } from "~/content/site";
import styles from "./Navbar.module.css";

/** The desktop header: logo and the main navigation. The current page's link is marked. */
export function Navbar() {
  return (
    <header className={styles.header}>
      <nav className={styles.nav} aria-label={navbarLabel}>
        <Link to={site.logoLinkTo} className={styles.logo}>
          <img
            src={site.logo.src}
            alt={site.logo.alt}
            width={site.logo.width}
            height={site.logo.height}
          />
        </Link>
        <ul className={styles.links}>
          {navbarLinks.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end
                className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ""}`}
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
