import { AdminMediaPage } from "~/staff/media";
import { staffPageMeta } from "~/staff/shell";
import type { Route } from "./+types/admin-media";

// A page inside the staff shell (routes/admin-shell.tsx), which locks it, titles it and links it
// to the other staff pages. Client-only (the server renders only the shell) and code-split: public pages never
// load this module.

export const meta: Route.MetaFunction = () => staffPageMeta("/admin/media");

export default function AdminMediaRoute() {
  return <AdminMediaPage />;
}
