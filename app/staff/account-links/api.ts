import { apiJson } from "~/lib/api";
import type { SessionUser, StaffRole } from "#common/session-schemas";

/** The one-time link calls (docs/product.md 5.0). Every failure is an `ApiError`. */

/** Resolves while the setup link works; rejects with a 410 `ApiError` once used or expired. */
export async function checkSetupLink(token: string, signal?: AbortSignal): Promise<void> {
  await apiJson<undefined>(`/api/setup/${encodeURIComponent(token)}`, { signal });
}

export async function completeSetup(
  token: string,
  account: { email: string; name: string; password: string },
): Promise<SessionUser> {
  const body = await apiJson<{ user: SessionUser }>(`/api/setup/${encodeURIComponent(token)}`, {
    method: "POST",
    json: account,
  });
  return body.user;
}

const link = (path: string, token: string) => `${path}/${encodeURIComponent(token)}`;

/** The invited address and role while the invitation works; a 410 `ApiError` once it does not. */
export function checkInvitation(
  token: string,
  signal?: AbortSignal,
): Promise<{ email: string; role: StaffRole }> {
  return apiJson(link("/api/invitations", token), { signal });
}

export async function acceptInvitation(
  token: string,
  account: { name: string; password: string },
): Promise<void> {
  await apiJson<unknown>(link("/api/invitations", token), { method: "POST", json: account });
}

/** Answered the same (202) whatever the address. */
export async function requestReset(email: string): Promise<void> {
  await apiJson<undefined>("/api/password-resets", { method: "POST", json: { email } });
}

export async function checkReset(token: string, signal?: AbortSignal): Promise<void> {
  await apiJson<undefined>(link("/api/password-resets", token), { signal });
}

export async function completeReset(token: string, password: string): Promise<void> {
  await apiJson<undefined>(link("/api/password-resets", token), {
    method: "POST",
    json: { password },
  });
}
