import { apiJson } from "~/lib/api";
import type { OwnSession } from "#common/account-sessions-schemas";
import type { StaffMember } from "./api";

/** Your account's sessions and email (docs/product.md 5.0). Every failure is an `ApiError`. */

export const listOwnSessions = (signal?: AbortSignal) =>
  apiJson<OwnSession[]>("/api/account/sessions", { signal });

export async function endSession(id: string): Promise<void> {
  await apiJson<undefined>(`/api/account/sessions/${id}`, { method: "DELETE" });
}

export const endOtherSessions = () =>
  apiJson<{ ended: number }>("/api/account/sessions/end-others", { method: "POST", json: {} });

export const changeEmail = (email: string, currentPassword: string) =>
  apiJson<StaffMember>("/api/account/email", {
    method: "POST",
    json: { email, currentPassword },
  });
