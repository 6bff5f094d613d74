import { SetupPage } from "~/staff/account-links";
import type { Route } from "./+types/admin-setup";

// The one-time setup link's page, outside the staff shell (whoever opens it has no session).
// Client-only like the staff pages (the token is never rendered by the server) and kept out of
// search engines.
export { clientLoader, handle, HydrateFallback } from "~/lib/client-only";

export const meta: Route.MetaFunction = () => [
  { title: "Create the owner account · Admin" },
  { name: "robots", content: "noindex" },
  // The token is in the address: no page it links to may learn it.
  { name: "referrer", content: "no-referrer" },
];

export default function AdminSetupRoute({ params }: Route.ComponentProps) {
  return <SetupPage token={params.token} />;
}
