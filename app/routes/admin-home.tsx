import { staffPageMeta } from "~/staff/shell";
import { ContentToDo } from "~/staff/content";
import { NewestMessages } from "~/staff/inbox";
import { StatisticsLine } from "~/staff/statistics";
import { useStaffSession } from "~/components/staff";
import { useSiteTimeZone } from "~/lib/site-time-zone";
import { can } from "#common/staff-access";
import type { Route } from "./+types/admin-home";

// The staff home (docs/product.md 5.6), inside the staff shell (routes/admin-shell.tsx) like
// every staff page: the last 7 days' statistics in one line (admin-statistics) for roles that may
// read them, drafts and scheduled changes (admin-content), the newest contact messages
// (admin-inbox) for roles that may read the inbox, then what is left before launch. Each part
// loads through its feature's API.

export const meta: Route.MetaFunction = () => staffPageMeta("/admin");

export default function AdminHomeRoute() {
  const { user } = useStaffSession();
  const timeZone = useSiteTimeZone();
  return (
    <>
      {user && can(user.role, "statistics") ? <StatisticsLine timeZone={timeZone} /> : null}
      <ContentToDo between={user && can(user.role, "messages") ? <NewestMessages /> : null} />
    </>
  );
}
