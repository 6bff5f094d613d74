import { StaffShell } from "~/features/admin-shell";
import { hydratedRoute } from "~/lib/hydration";

// The layout route around every staff page. Client-only (not pre-rendered) and code-split:
// public pages never load this module.

export const handle = hydratedRoute;

export default function AdminShellRoute() {
  return <StaffShell />;
}
