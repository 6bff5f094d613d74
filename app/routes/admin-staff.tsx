import { staffPageMeta } from "~/staff/shell";
import { StaffPage } from "~/staff/accounts";
import type { Route } from "./+types/admin-staff";

// A page inside the staff shell (routes/admin-shell.tsx): the owner's and administrators' list
// of accounts and invitations. Client-only and code-split, like every staff page.

export const meta: Route.MetaFunction = () => staffPageMeta("/admin/staff");

export default function AdminStaffRoute() {
  return <StaffPage />;
}
