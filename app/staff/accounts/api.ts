import { apiJson } from "~/lib/api";
import type { StaffRole } from "#common/staff-access";

/** The staff and own-account calls (docs/product.md 5.0). Every failure is an `ApiError`. */

export interface StaffMember {
  id: string;
  email: string | null;
  name: string;
  role: StaffRole;
  state: "active" | "deactivated";
  createdAt: string;
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: StaffRole;
  createdAt: string;
  expiresAt: string;
  /** Who sent it; null for an invitation from before senders were recorded. */
  sentBy: { id: string; name: string } | null;
}

export type InvitableRole = Exclude<StaffRole, "owner">;

export const listStaff = (signal?: AbortSignal) => apiJson<StaffMember[]>("/api/staff", { signal });

export const listInvitations = (signal?: AbortSignal) =>
  apiJson<PendingInvitation[]>("/api/staff/invitations", { signal });

export const invite = (email: string, role: InvitableRole) =>
  apiJson<PendingInvitation>("/api/staff/invitations", { method: "POST", json: { email, role } });

export async function revokeInvitation(id: string): Promise<void> {
  await apiJson<undefined>(`/api/staff/invitations/${id}`, { method: "DELETE" });
}

export const changeMember = (id: string, change: { role?: InvitableRole; active?: boolean }) =>
  apiJson<StaffMember>(`/api/staff/${id}`, { method: "PATCH", json: change });

export async function removeMember(id: string): Promise<void> {
  await apiJson<undefined>(`/api/staff/${id}`, { method: "DELETE" });
}

export const rename = (name: string) =>
  apiJson<StaffMember>("/api/account", { method: "PATCH", json: { name } });

export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await apiJson<undefined>("/api/account/password", {
    method: "POST",
    json: { currentPassword, newPassword },
  });
}

export async function signOutEverywhere(): Promise<void> {
  await apiJson<undefined>("/api/account/sessions", { method: "DELETE" });
}
