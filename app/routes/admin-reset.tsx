import { ResetRequestPage } from "~/staff/account-links";
import type { Route } from "./+types/admin-reset";

// Asks for a password reset mail; outside the staff shell (whoever forgot has no session).
export { clientLoader, handle, HydrateFallback } from "~/lib/client-only";

export const meta: Route.MetaFunction = () => [
  { title: "Reset your password · Admin" },
  { name: "robots", content: "noindex" },
];

export default function AdminResetRoute() {
  return <ResetRequestPage />;
}
