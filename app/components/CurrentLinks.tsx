import { EVENTS_PATH, UPDATES_PATH } from "~/route-paths";
import styles from "./CurrentLinks.module.css";

/**
 * The names of the pages of what is current: the same as their headings (EVENTS_TEXTS and
 * UPDATES_TEXTS in their features), fixed like them.
 */
export const CURRENT_LINKS = [
  { label: "Events", href: EVENTS_PATH },
  { label: "Updates", href: UPDATES_PATH },
] as const;

/** The name of the home pages' navigation to them. */
export const CURRENT_LINKS_LABEL = "What's on";

/**
 * Links to what is current on the home pages (design 15: every event and every update, which
 * the site's navigation, staff content, does not have to name): plain links, no script.
 */
export function CurrentLinks() {
  return (
    <nav aria-label={CURRENT_LINKS_LABEL} className={styles.current}>
      <ul className={styles.list}>
        {CURRENT_LINKS.map((link) => (
          <li key={link.href}>
            <a className={styles.link} href={link.href}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
