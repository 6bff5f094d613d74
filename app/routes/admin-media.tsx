import { AdminMediaPage } from "~/features/admin-media";
import type { Route } from "./+types/admin-media";

// Client-only (not pre-rendered) and code-split: public pages never load this module.

export const meta: Route.MetaFunction = () => [
  { title: "Media library · Admin" },
  { name: "robots", content: "noindex" },
];

export default function AdminMediaRoute() {
  return <AdminMediaPage />;
}
