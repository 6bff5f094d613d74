import { useStaffSession } from "~/components/staff";
import { UpdatesManager } from "./UpdatesManager";

/**
 * The staff page for site updates (docs/product.md section 5.1), inside the staff shell, which
 * locks and unlocks it.
 */
export function AdminUpdatesPage() {
  const { handleAuthError } = useStaffSession();
  return <UpdatesManager handleAuthError={handleAuthError} />;
}
