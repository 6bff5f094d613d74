import { vi } from "vitest";

// Test helpers (imported by `*.test.tsx` files only): fake answers for `fetch`.

/** A JSON answer as the API sends it. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/**
 * Installs a `fetch` that answers every request with `answer` (or fails with it, when it is an
 * Error); returns the mock to inspect the requests. Undo with `vi.unstubAllGlobals()`.
 */
export function stubFetch(answer: Response | Promise<Response> | Error) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}
