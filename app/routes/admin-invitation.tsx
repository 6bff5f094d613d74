import { InvitationPage } from "~/staff/account-links";
import type { Route } from "./+types/admin-invitation";

// An invitation's mailed link, outside the staff shell (whoever opens it has no session yet).
// Client-only like the setup page, and the token never leaves through a Referer.
export { clientLoader, handle, HydrateFallback } from "~/lib/client-only";

export const meta: Route.MetaFunction = () => [
  { title: "Join the staff pages · Admin" },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

export default function AdminInvitationRoute({ params }: Route.ComponentProps) {
  return <InvitationPage token={params.token} />;
}
