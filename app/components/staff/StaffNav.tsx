import { Link } from "react-router";
import styles from "./Staff.module.css";

export const STAFF_LINKS = [
  { to: "/admin/updates", label: "Site updates" },
  { to: "/admin/messages", label: "Messages" },
  { to: "/admin/subscribers", label: "SMS subscribers" },
] as const;

/** Navigation between the staff pages; `current` is marked with aria-current. */
export function StaffNav({ current }: { current: string }) {
  return (
    <nav aria-label="Staff pages" className={styles.nav}>
      <ul className={styles.navList}>
        {STAFF_LINKS.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className={styles.navLink}
              aria-current={link.to === current ? "page" : undefined}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
