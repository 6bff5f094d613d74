import { Link, NavLink } from "react-router";
import { useContent } from "~/content/use-content";
import { HOME_PATHS } from "~/route-paths";
import styles from "./Navbar.module.css";

/** The desktop header: logo and the main navigation. The current page's link is marked. */
export function Navbar() {
  const { logo, navigation } = useContent("layout");
  return (
    <header className={styles.header}>
      <nav className={styles.nav} aria-label={navigation.navbarLabel}>
        <Link to={HOME_PATHS.desktop} className={styles.logo}>
          <img src={logo.src} alt={logo.alt} width={logo.width} height={logo.height} />
        </Link>
        <ul className={styles.links}>
          {navigation.navbarLinks.map((link) => (
            <li key={link.to}>
              {/* No `end`: the server answers each page at its path with a trailing slash too
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
