import { Link } from "react-router";
import type { StaffRole } from "../../../common/staff-access";
import type { AdminPath } from "~/route-paths";
import { canOpen, STAFF_NAV, STAFF_PAGE_TITLES } from "./staff-pages";
import styles from "./StaffShell.module.css";

/**
 * Navigation between the staff pages `role` may open; `current` is marked with aria-current.
 */
export function StaffNav({ current, role }: { current: AdminPath; role?: StaffRole | undefined }) {
  return (
    <nav aria-label="Staff pages">
      <ul className={styles.navList}>
        {STAFF_NAV.filter((path) => canOpen(role, path)).map((path) => (
          <li key={path}>
            <Link
              to={path}
              className={styles.navLink}
              aria-current={path === current ? "page" : undefined}
            >
              {STAFF_PAGE_TITLES[path]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
