import { AdminInboxPage } from "~/features/admin-inbox";
import type { Route } from "./+types/admin-messages";

// Client-only (not pre-rendered) and code-split: public pages never load this module.

export const meta: Route.MetaFunction = () => [
  { title: "Messages · Admin" },
  { name: "robots", content: "noindex" },
];

export default function AdminMessagesRoute() {
  return <AdminInboxPage />;
}
