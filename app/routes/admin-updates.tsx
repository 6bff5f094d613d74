import { staffPageMeta } from "~/staff/shell";
import { AdminUpdatesPage } from "~/staff/updates";
import type { Route } from "./+types/admin-updates";

// A page inside the staff shell (routes/admin-shell.tsx), which locks it, titles it and links it
// to the other staff pages. Client-only (the server renders only the shell) and code-split: public pages never
// load this module.

export const meta: Route.MetaFunction = () => staffPageMeta("/admin/updates");

export default function AdminUpdatesRoute() {
  return <AdminUpdatesPage />;
}
