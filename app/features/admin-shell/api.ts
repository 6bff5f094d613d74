import { apiJson } from "~/lib/api";

/** The admin session calls (docs/product.md section 9). Every failure is an `ApiError`. */

/** Resolves when the browser holds a live admin session; rejects with a 401 `ApiError` otherwise. */
export async function checkSession(signal?: AbortSignal): Promise<void> {
  await apiJson<{ admin: boolean }>("/api/session", { signal });
}

export async function logIn(email: string, password: string): Promise<void> {
  await apiJson<undefined>("/api/session", { method: "POST", json: { email, password } });
}

export async function logOut(): Promise<void> {
  await apiJson<undefined>("/api/session", { method: "DELETE" });
}
