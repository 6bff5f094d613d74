import { apiJson } from "~/lib/api";
import type { SiteUpdate } from "../../../common/updates";
import type { CreateUpdateInput, PatchUpdateInput } from "../../../common/updates-schemas";

/** Calls behind the admin page (docs/product.md section 9). Every failure is an `ApiError`. */

/** Resolves when the browser holds a live admin session; rejects with a 401 `ApiError` otherwise. */
export async function checkSession(signal?: AbortSignal): Promise<void> {
  await apiJson<{ admin: boolean }>("/api/session", { signal });
}

export async function logIn(password: string): Promise<void> {
  await apiJson<undefined>("/api/session", { method: "POST", json: { password } });
}

export async function logOut(): Promise<void> {
  await apiJson<undefined>("/api/session", { method: "DELETE" });
}

export function listUpdates(signal?: AbortSignal): Promise<SiteUpdate[]> {
  return apiJson<SiteUpdate[]>("/api/updates", { signal });
}

export function createUpdate(input: CreateUpdateInput): Promise<SiteUpdate> {
  return apiJson<SiteUpdate>("/api/updates", { method: "POST", json: input });
}

export function patchUpdate(id: string, patch: PatchUpdateInput): Promise<SiteUpdate> {
  return apiJson<SiteUpdate>(`/api/updates/${encodeURIComponent(id)}`, {
    method: "PATCH",
    json: patch,
  });
}

export async function deleteUpdate(id: string): Promise<void> {
  await apiJson<undefined>(`/api/updates/${encodeURIComponent(id)}`, { method: "DELETE" });
}
