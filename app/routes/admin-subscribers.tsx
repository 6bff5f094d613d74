import { AdminSubscribersPage } from "~/features/admin-subscribers";
import type { Route } from "./+types/admin-subscribers";

// Client-only (not pre-rendered) and code-split: public pages never load this module.

export const meta: Route.MetaFunction = () => [
  { title: "SMS subscribers · Admin" },
  { name: "robots", content: "noindex" },
];

export default function AdminSubscribersRoute() {
  return <AdminSubscribersPage />;
}
