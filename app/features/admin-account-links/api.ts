import { apiJson } from "~/lib/api";
import type { SessionUser } from "../../../common/session-schemas";

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
