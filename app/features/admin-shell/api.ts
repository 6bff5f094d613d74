import type { SessionUser } from "#common/staff-access";
import { apiJson } from "~/lib/api";

/** The admin session calls (docs/product.md section 9). Every failure is an `ApiError`. */

/**
 * Resolves with the signed-in person when the browser holds a live admin session (null when the
 * answer names nobody); rejects with a 401 `ApiError` otherwise.
 */
export async function checkSession(signal?: AbortSignal): Promise<SessionUser | null> {
  const answer = await apiJson<{ admin: boolean; user?: SessionUser }>("/api/session", { signal });
  return answer?.user ?? null;
}

export async function logIn(email: string, password: string): Promise<void> {
  await apiJson<undefined>("/api/session", { method: "POST", json: { email, password } });
}

export async function logOut(): Promise<void> {
  await apiJson<undefined>("/api/session", { method: "DELETE" });
}
