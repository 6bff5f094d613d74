import { isApiErrorBody } from "#common/api-error";
import { ApiError, apiJson, isApiError, NETWORK_ERROR_MESSAGE } from "~/lib/api";
import type {
  ContentConflictBody,
  ContentProblem,
  ContentEntry,
  ContentRevision,
} from "#common/content-api";
import type { MediaLibraryItem } from "#common/media";
import type { LibraryImage } from "./schema/schema-fields";

// The staff content API (docs/product.md section 14.1). Every call rejects with an ApiError.

const base = (collection: string) => `/api/content/${encodeURIComponent(collection)}`;
const entryPath = (collection: string, id: string) =>
  `${base(collection)}/${encodeURIComponent(id)}`;

/** The published entries today's schemas refuse (shown above the overview). */
export const listProblems = (signal?: AbortSignal) =>
  apiJson<ContentProblem[]>("/api/content/problems", { signal });

export const listEntries = (collection: string, signal?: AbortSignal) =>
  apiJson<ContentEntry[]>(base(collection), { signal });

export const getEntry = (collection: string, id: string, signal?: AbortSignal) =>
  apiJson<ContentEntry>(entryPath(collection, id), { signal });

export const createEntry = (collection: string, data: unknown) =>
  apiJson<ContentEntry>(base(collection), { method: "POST", json: { data } });

export const saveDraft = (collection: string, id: string, data: unknown, version: number) =>
  apiJson<ContentEntry>(entryPath(collection, id), { method: "PUT", json: { data, version } });

/** Publishes now (no `at`) or schedules (`at`, an ISO time). */
export const publishEntry = (collection: string, id: string, version: number, at?: string) =>
  apiJson<ContentEntry>(`${entryPath(collection, id)}/publish`, {
    method: "POST",
    json: at === undefined ? { version } : { version, at },
  });

export const cancelSchedule = (collection: string, id: string) =>
  apiJson<ContentEntry>(`${entryPath(collection, id)}/schedule`, { method: "DELETE" });

/** Drops the draft: the entry is its published version again. */
export const discardDraft = (collection: string, id: string, version: number) =>
  apiJson<ContentEntry>(`${entryPath(collection, id)}/draft/discard`, {
    method: "POST",
    json: { version },
  });

export const deleteEntry = (collection: string, id: string) =>
  apiJson<undefined>(entryPath(collection, id), { method: "DELETE" });

export const reorderEntries = (collection: string, ids: readonly string[]) =>
  apiJson<ContentEntry[]>(`${base(collection)}/order`, { method: "PUT", json: { ids } });

export const listRevisions = (collection: string, id: string, signal?: AbortSignal) =>
  apiJson<ContentRevision[]>(`${entryPath(collection, id)}/revisions`, { signal });

export const restoreRevision = (
  collection: string,
  id: string,
  revision: number,
  version: number,
) =>
  apiJson<ContentEntry>(`${entryPath(collection, id)}/revisions/${revision}/restore`, {
    method: "POST",
    json: { version },
  });

/** The entry as it stands on the server, from a 409 that carries it (someone saved first). */
export function conflictCurrent(error: unknown): ContentEntry | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const body = error.body as ContentConflictBody | undefined;
  return body?.current ?? null;
}

/** The media library's images, newest first (GET /api/media), for choosing a picture. */
export function listLibraryImages(signal?: AbortSignal): Promise<MediaLibraryItem[]> {
  return apiJson<MediaLibraryItem[]>("/api/media", { signal });
}

/** What POST /api/media answers (docs/product.md 14.1 of the media library), as far as used here. */
export type UploadedImage = LibraryImage;

/**
 * Uploads a picture to the media library: with its alt text, or marked decorative when the alt
 * text is empty (an empty alt text means a decorative picture in the content too).
 */
export async function uploadImage(file: File, alt: string): Promise<UploadedImage> {
  const body = new FormData();
  if (alt.trim() === "") body.append("decorative", "true");
  else body.append("alt", alt.trim());
  body.append("file", file);
  let response: Response;
  try {
    response = await fetch("/api/media", {
      method: "POST",
      body,
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
  } catch (error) {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, { cause: error });
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = isApiErrorBody(answer) ? answer.error.message : response.statusText;
    throw new ApiError(response.status, message || `Upload failed (${response.status})`);
  }
  return answer as UploadedImage;
}
