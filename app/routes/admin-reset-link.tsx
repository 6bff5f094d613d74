import { ResetPage } from "~/staff/account-links";
import type { Route } from "./+types/admin-reset-link";

// A password reset's mailed link, outside the staff shell; the token never leaves through a
// Referer.
export { clientLoader, handle, HydrateFallback } from "~/lib/client-only";

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password · Admin" },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

export default function AdminResetLinkRoute({ params }: Route.ComponentProps) {
  return <ResetPage token={params.token} />;
}
