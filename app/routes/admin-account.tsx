import { staffPageMeta } from "~/staff/shell";
import { AccountPage } from "~/staff/accounts";
import type { Route } from "./+types/admin-account";

// A page inside the staff shell (routes/admin-shell.tsx): each person's own account. Client-only
// and code-split, like every staff page.

export const meta: Route.MetaFunction = () => staffPageMeta("/admin/account");

export default function AdminAccountRoute() {
  return <AccountPage />;
}
