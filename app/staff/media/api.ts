import { ApiError, apiFetch, apiJson, NETWORK_ERROR_MESSAGE, parseRetryAfter } from "~/lib/api";
import { isApiErrorBody } from "#common/api-error";
import type { MediaItem, MediaLibraryItem } from "#common/media";

/** The media library, newest first, with where each image is used. */
export function listMedia(signal?: AbortSignal): Promise<MediaLibraryItem[]> {
  return apiJson<MediaLibraryItem[]>("/api/media", { signal });
}

export async function deleteMedia(id: string): Promise<void> {
  await apiFetch(`/api/media/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export interface UploadProgress {
  /** Bytes sent so far and in all (the form around the file included). */
  sent: number;
  total: number;
}

/**
 * Uploads one image (POST /api/media, multipart: the alt text or the decorative mark first, then
 * the file), reporting the bytes sent as they go (fetch cannot report upload progress; XHR can).
 * Resolves with the stored image once the server has made its copies (`created` false when the
 * library had that image already); rejects with an ApiError
 * as apiFetch does (status 0 'Network Error' when there was no answer).
 */
export function uploadMedia(
  input: { file: File; alt: string; decorative: boolean },
  onProgress: (progress: UploadProgress) => void,
): Promise<{ item: MediaItem; created: boolean }> {
  const form = new FormData();
  if (input.decorative) form.append("decorative", "true");
  else form.append("alt", input.alt);
  form.append("file", input.file);

  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/media");
    request.withCredentials = true;
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ sent: event.loaded, total: event.total });
    };
    request.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE));
    request.onload = () => {
      let body: unknown;
      try {
        body = request.responseText === "" ? null : JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) {
        // 200: the same image was in the library already (the stored one is returned).
        resolve({ item: body as MediaItem, created: request.status === 201 });
        return;
      }
      const retryAfterSeconds = parseRetryAfter(request.getResponseHeader("Retry-After"));
      if (isApiErrorBody(body)) {
        const { code, message, fields } = body.error;
        reject(new ApiError(request.status, message, { code, fields, retryAfterSeconds }));
      } else {
        reject(
          new ApiError(request.status, `Upload failed with status ${request.status}`, {
            retryAfterSeconds,
          }),
        );
      }
    };
    request.send(form);
  });
}
