import { apiJson } from "~/lib/api";
import type { Redirect } from "#common/redirects";

export function listRedirects(signal?: AbortSignal): Promise<Redirect[]> {
  return apiJson<Redirect[]>("/api/redirects", { signal });
}

export function addRedirect(from: string, to: string): Promise<Redirect> {
  return apiJson<Redirect>("/api/redirects", { method: "POST", json: { from, to } });
}

export function removeRedirect(id: string): Promise<void> {
  return apiJson<void>(`/api/redirects/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** The redirects page with its form's From filled in (one step from a missing page). */
export function redirectFromPath(path: string): string {
  return `/admin/redirects?${new URLSearchParams({ from: path })}`;
}
