import { apiJson } from "~/lib/api";
import type { SiteUpdate } from "#common/updates";
import type { CreateUpdateInput, PatchUpdateInput } from "#common/updates-schemas";

/** Calls behind the updates page (docs/product.md section 9). Every failure is an `ApiError`. */

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
