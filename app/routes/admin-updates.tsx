import { AdminUpdatesPage } from "~/features/admin-updates";
import type { Route } from "./+types/admin-updates";

// Client-only (not pre-rendered) and code-split: public pages never load this module.

export const meta: Route.MetaFunction = () => [
  { title: "Site updates · Admin" },
  { name: "robots", content: "noindex" },
];

export default function AdminUpdatesRoute() {
  return <AdminUpdatesPage />;
}
