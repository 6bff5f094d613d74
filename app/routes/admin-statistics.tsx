import { AdminStatisticsPage } from "~/features/admin-statistics";
import { staffPageMeta } from "~/features/admin-shell";
import type { Route } from "./+types/admin-statistics";

// A page inside the staff shell (routes/admin-shell.tsx): the site statistics, for the owner,
// administrators and editors. Client-only and code-split, like every staff page.

export const meta: Route.MetaFunction = () => staffPageMeta("/admin/statistics");

export default function AdminStatisticsRoute() {
  return <AdminStatisticsPage />;
}
