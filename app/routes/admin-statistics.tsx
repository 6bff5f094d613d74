import { Link } from "react-router";
import { redirectFromPath } from "~/staff/redirects";
import { AdminStatisticsPage } from "~/staff/statistics";
import { staffPageMeta, canOpen } from "~/staff/shell";
import { useStaffSession } from "~/components/staff";
import { useSiteTimeZone } from "~/lib/site-time-zone";
import type { Route } from "./+types/admin-statistics";

// A page inside the staff shell (routes/admin-shell.tsx): the site statistics, for the owner,
// administrators and editors; each missing page links to the redirects page with its address
// filled in (one step to a redirect), for those who may add one. Client-only and code-split.

export const meta: Route.MetaFunction = () => staffPageMeta("/admin/statistics");

export default function AdminStatisticsRoute() {
  const { user } = useStaffSession();
  const timeZone = useSiteTimeZone();
  return (
    <AdminStatisticsPage
      timeZone={timeZone}
      missingAction={
        canOpen(user?.role, "/admin/redirects")
          ? (path) => (
              <Link to={redirectFromPath(path)} aria-label={`Redirect ${path}`}>
                Redirect
              </Link>
            )
          : undefined
      }
    />
  );
}
