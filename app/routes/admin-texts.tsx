import { staffPageMeta } from "~/staff/shell";
import { AdminTextsPage } from "~/staff/texts";
import type { Route } from "./+types/admin-texts";

// A page inside the staff shell (routes/admin-shell.tsx), client-only and code-split like the
// other staff pages: public pages never load this module.

export const meta: Route.MetaFunction = () => staffPageMeta("/admin/texts");

export default function AdminTextsRoute() {
  return <AdminTextsPage />;
}
