import { AdminRedirectsPage } from "~/staff/redirects";
import { staffPageMeta } from "~/staff/shell";
import type { Route } from "./+types/admin-redirects";

// A page inside the staff shell (routes/admin-shell.tsx): the redirects, for the owner,
// administrators and editors. Client-only and code-split, like every staff page.

export const meta: Route.MetaFunction = () => staffPageMeta("/admin/redirects");

export default function AdminRedirectsRoute() {
  return <AdminRedirectsPage />;
}
