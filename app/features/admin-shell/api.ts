import type { SessionUser } from "#common/staff-access";
import { apiJson } from "~/lib/api";
import type { SecondStepNeeded } from "#common/second-factors";

/** The admin session calls (docs/product.md section 9). Every failure is an `ApiError`. */

/**
 * Resolves with the signed-in person when the browser holds a live admin session (null when the
 * answer names nobody); rejects with a 401 `ApiError` otherwise.
 */
export async function checkSession(signal?: AbortSignal): Promise<SessionUser | null> {
  const answer = await apiJson<{ admin: boolean; user?: SessionUser }>("/api/session", { signal });
  return answer?.user ?? null;
}

/** Resolves with the second step to take when the account has a factor (decision 032). */
export async function logIn(email: string, password: string): Promise<SecondStepNeeded | null> {
  const answer = await apiJson<SecondStepNeeded | undefined>("/api/session", {
    method: "POST",
    json: { email, password },
  });
  return answer?.ticket ? answer : null;
}

export async function finishSecondStep(ticket: string, code: string): Promise<void> {
  await apiJson<undefined>("/api/session/mfa", { method: "POST", json: { ticket, code } });
}

export async function logOut(): Promise<void> {
  await apiJson<undefined>("/api/session", { method: "DELETE" });
}
