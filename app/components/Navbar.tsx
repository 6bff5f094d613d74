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
              {/* No `end`: React Router 8 pre-renders each page at its path with a trailing slash
                  (/about-desktop/), which `end` would not count as the link's page. The paths are
                  flat, so no link is a parent of another page. */}
              <NavLink
                to={link.to}
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
