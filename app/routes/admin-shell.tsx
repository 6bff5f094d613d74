import { StaffShell } from "~/staff/shell";

// The layout route around every staff page. Client-only: the server sends its HydrateFallback
// and React Router's scripts, and the browser renders the shell and the page (app/lib/client-only,
// decision 016). Code-split: public pages never load this module.
export { clientLoader, handle, HydrateFallback } from "~/lib/client-only";

export default function AdminShellRoute() {
  return <StaffShell />;
}
