import type { SessionUser } from "#common/staff-access";
import { apiJson } from "~/lib/api";
import type { PasskeyCeremony, SecondStepNeeded } from "#common/second-factors";
import { getPasskey, type PasskeyRequestOptions } from "~/lib/passkeys";

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

/**
 * Signs in with a passkey: alone (any passkey of this site), or as the second step after a
 * password when `secondStep` is that step's ticket. Rejects with an `ApiError` or a
 * `PasskeyCeremonyError` (cancelled, or no WebAuthn).
 */
export async function signInWithPasskey(secondStep?: string): Promise<void> {
  const { ticket, options } = await apiJson<PasskeyCeremony<PasskeyRequestOptions>>(
    "/api/session/passkey/options",
    { method: "POST", json: secondStep ? { secondStep } : {} },
  );
  const credential = await getPasskey(options);
  await apiJson<undefined>("/api/session/passkey", {
    method: "POST",
    json: { ticket, credential, ...(secondStep ? { secondStep } : {}) },
  });
}

export async function logOut(): Promise<void> {
  await apiJson<undefined>("/api/session", { method: "DELETE" });
}
