import { staffPageMeta } from "~/staff/shell";
import { AdminContentPage } from "~/staff/content";
import type { Route } from "./+types/admin-content";

// A page inside the staff shell (routes/admin-shell.tsx), which locks it, titles it and links it
// to the other staff pages. Client-only (the server renders only the shell) and code-split: public pages never
// load this module.

export const meta: Route.MetaFunction = () => staffPageMeta("/admin/content");

export default function AdminContentRoute() {
  return <AdminContentPage />;
}
