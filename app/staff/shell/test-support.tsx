import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import type { AdminPath } from "~/route-paths";
import { StaffShell } from "./StaffShell";
import { REMEMBERED_EMAIL_KEY } from "./UnlockForm";

/** The email the lock screen holds in the feature tests (as after a first sign-in in the tab). */
export const TEST_STAFF_EMAIL = "owner@example.org";

// Test helpers (imported by `*.test.tsx` files only): staff pages rendered the way the app
// renders them, inside the staff shell (app/routes.ts nests every staff route in it).

/**
 * Renders `pages` (path -> element) inside the staff shell and opens `start`. The shell checks
 * the session with GET /api/session, so `fetch` must answer it.
 */
export function renderStaffPages(
  start: AdminPath,
  pages: Partial<Record<AdminPath, ReactElement>>,
  search = "",
) {
  const user = userEvent.setup();
  // As in a tab that signed in before: the lock screen asks only the password. StaffShell's own
  // tests cover the empty Email field.
  window.sessionStorage.setItem(REMEMBERED_EMAIL_KEY, TEST_STAFF_EMAIL);
  const view = render(
    <MemoryRouter initialEntries={[`${start}${search}`]}>
      <Routes>
        <Route element={<StaffShell />}>
          {Object.entries(pages).map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
        </Route>
      </Routes>
    </MemoryRouter>,
  );
  return { user, ...view };
}

/** One staff page at its path (with a query, `?from=/old`, when given), inside the staff shell. */
export function renderStaffPage(path: AdminPath, page: ReactElement, search = "") {
  return renderStaffPages(path, { [path]: page }, search);
}
