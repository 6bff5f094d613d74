import { AdminAuditPage } from "~/staff/audit";
import { staffPageMeta } from "~/staff/shell";
import type { Route } from "./+types/admin-audit";

// A page inside the staff shell (routes/admin-shell.tsx): the owner's and administrators' view
// of the audit log. Client-only and code-split, like every staff page.

export const meta: Route.MetaFunction = () => staffPageMeta("/admin/audit");

export default function AdminAuditRoute() {
  return <AdminAuditPage />;
}
