import { isApiErrorBody } from "#common/api-error";

/**
 * A small JSON client for our own /api.
 *
 * - sends `Accept: application/json`, and with `json` a JSON body with `Content-Type: application/json`
 * - always `credentials: "same-origin"` (the admin session cookie; the browser adds `Origin`)
 * - any non-2xx answer becomes an `ApiError` carrying the status and the server's
 *   `{"error":{"code","message","fields"}}` body; a network failure becomes status 0 'Network Error'
 * - an aborted request rethrows the browser's `AbortError` untouched
 */

export const NETWORK_ERROR_MESSAGE = "Network Error";

export class ApiError extends Error {
  override readonly name = "ApiError";
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  /** Machine-readable code from the error body, e.g. "validation_error"; "network_error" for status 0. */
  readonly code: string;
  /** Per-field messages from the error body, keyed by field name. */
  readonly fields: Readonly<Record<string, string>>;
  /** Seconds from a `Retry-After` header (429, 503), when the server sent one. */
  readonly retryAfterSeconds: number | null;
  /** The whole parsed error body, for answers that carry more than the error (a 409's `current`). */
  readonly body: unknown;

  constructor(
    status: number,
    message: string,
    options: {
      code?: string;
      fields?: Record<string, string>;
      retryAfterSeconds?: number | null;
      body?: unknown;
      cause?: unknown;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = status;
    this.code = options.code ?? (status === 0 ? "network_error" : `http_${status}`);
    this.fields = options.fields ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
    this.body = options.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface ApiRequestOptions extends Omit<RequestInit, "body" | "credentials"> {
  /** A value to send as a JSON body (sets `Content-Type: application/json`). */
  json?: unknown;
}

function isAbortError(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { name?: unknown }).name === "AbortError"
  );
}

/** Seconds to wait from a Retry-After header: either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    const text = await response.text();
    body = text === "" ? null : JSON.parse(text);
  } catch {
    body = null;
  }
  const retryAfterSeconds = parseRetryAfter(response.headers.get("Retry-After"));
  if (isApiErrorBody(body)) {
    const { code, message, fields } = body.error;
    return new ApiError(response.status, message, {
      code: typeof code === "string" && code !== "" ? code : undefined,
      fields: fields && typeof fields === "object" ? fields : undefined,
      retryAfterSeconds,
      body,
    });
  }
  const message = response.statusText || `Request failed with status ${response.status}`;
  return new ApiError(response.status, message, { retryAfterSeconds });
}

/**
 * Fetch from our API. Resolves with the Response for any 2xx answer; otherwise rejects with an
 * `ApiError` (status 0 'Network Error' when there was no answer at all).
 */
export async function apiFetch(path: string, options: ApiRequestOptions = {}): Promise<Response> {
  const { json, headers: extraHeaders, ...init } = options;
  const headers = new Headers(extraHeaders);
  if (!headers.has("Accept")) headers.set("Accept", "application/json");
  let body: string | undefined;
  if (json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(json);
  }

  let response: Response;
  try {
    response = await fetch(path, { ...init, headers, body, credentials: "same-origin" });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, { cause: error });
  }
  if (!response.ok) throw await errorFromResponse(response);
  return response;
}

/**
 * Fetch from our API and parse the JSON answer. An empty answer (204, or no body) resolves
 * with `undefined`; declare `T` accordingly for such endpoints.
 */
export async function apiJson<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  if (response.status === 204) return undefined as T;
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, { cause: error });
  }
  if (text === "") return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new ApiError(response.status, "The server sent an answer that is not valid JSON", {
      code: "invalid_json",
      cause: error,
    });
  }
}
