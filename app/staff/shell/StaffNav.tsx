import { useRef, useState } from "react";
import { Link } from "react-router";
import type { StaffRole } from "#common/staff-access";
import type { AdminPath } from "~/route-paths";
import { canOpen, STAFF_NAV, STAFF_PAGE_TITLES } from "./staff-pages";
import styles from "./StaffShell.module.css";

/**
 * Navigation between the staff pages `role` may open; `current` is marked with aria-current. On
 * a phone it is a compact menu: one Menu button (naming the page staff are on) that opens the
 * list; on a wider screen the list is always shown and the button is not (StaffShell.module.css).
 */
export function StaffNav({ current, role }: { current: AdminPath; role?: StaffRole | undefined }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <nav
      aria-label="Staff pages"
      className={styles.nav}
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open) return;
        setOpen(false);
        buttonRef.current?.focus();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.menuButton}
        aria-expanded={open}
        aria-controls="staff-nav-list"
        onClick={() => setOpen(!open)}
      >
        Menu<span className="visually-hidden">, staff pages</span>
      </button>
      <ul id="staff-nav-list" className={styles.navList} data-open={open}>
        {STAFF_NAV.filter((path) => canOpen(role, path)).map((path) => (
          <li key={path}>
            <Link
              to={path}
              className={styles.navLink}
              aria-current={path === current ? "page" : undefined}
              onClick={() => setOpen(false)}
            >
              {STAFF_PAGE_TITLES[path]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
