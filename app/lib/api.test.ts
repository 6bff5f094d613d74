import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiFetch, apiJson, isApiError, parseRetryAfter } from "./api";

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

function stubFetch(impl: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(impl);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiJson", () => {
  it("GETs with same-origin credentials and Accept JSON, and parses the answer", async () => {
    const fetchMock = stubFetch(async () => jsonResponse(200, [{ id: "a" }]));
    await expect(apiJson<{ id: string }[]>("/api/updates")).resolves.toEqual([{ id: "a" }]);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/updates");
    expect(init?.credentials).toBe("same-origin");
    expect(init?.body).toBeUndefined();
    const headers = new Headers(init?.headers);
    expect(headers.get("Accept")).toBe("application/json");
    expect(headers.has("Content-Type")).toBe(false);
  });

  it("sends a JSON body with Content-Type application/json", async () => {
    const fetchMock = stubFetch(async () => jsonResponse(201, { id: "new" }));
    await apiJson("/api/updates", { method: "POST", json: { title: "Hello", featured: false } });

    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe('{"title":"Hello","featured":false}');
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    expect(init?.credentials).toBe("same-origin");
  });

  it("keeps extra headers and does not let callers change credentials", async () => {
    const fetchMock = stubFetch(async () => jsonResponse(200, {}));
    await apiJson("/api/x", { headers: { "X-Test": "1" }, credentials: "include" } as never);
    const [, init] = fetchMock.mock.calls[0]!;
    expect(new Headers(init?.headers).get("X-Test")).toBe("1");
    expect(init?.credentials).toBe("same-origin");
  });

  it("resolves undefined for 204 No Content and for an empty body", async () => {
    stubFetch(async () => new Response(null, { status: 204 }));
    await expect(apiJson("/api/session", { method: "DELETE" })).resolves.toBeUndefined();
    stubFetch(async () => new Response("", { status: 200 }));
    await expect(apiJson("/api/x")).resolves.toBeUndefined();
  });

  it("turns an error body into an ApiError with status, code, message and fields", async () => {
    stubFetch(async () =>
      jsonResponse(400, {
        error: {
          code: "validation_error",
          message: "Title and summary are required",
          fields: { title: "Title and summary are required" },
        },
      }),
    );
    const error = await apiJson("/api/updates", { method: "POST", json: {} }).catch((e) => e);
    expect(isApiError(error)).toBe(true);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: "validation_error",
      message: "Title and summary are required",
      fields: { title: "Title and summary are required" },
      retryAfterSeconds: null,
    });
  });

  it("reads Retry-After on 429", async () => {
    stubFetch(async () =>
      jsonResponse(
        429,
        { error: { code: "too_many_requests", message: "Too many attempts" } },
        { "Retry-After": "120" },
      ),
    );
    const error = (await apiJson("/api/session", { method: "POST", json: {} }).catch(
      (e) => e,
    )) as ApiError;
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(120);
    expect(error.fields).toEqual({});
  });

  it("falls back to the status text when the error body is not ours", async () => {
    stubFetch(
      async () => new Response("<html>oops</html>", { status: 502, statusText: "Bad Gateway" }),
    );
    const error = (await apiJson("/api/x").catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.message).toBe("Bad Gateway");
    expect(error.code).toBe("http_502");
  });

  it("uses a generic message when there is neither an error body nor a status text", async () => {
    stubFetch(async () => new Response(null, { status: 401 }));
    const error = (await apiJson("/api/session").catch((e) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(error.message).toBe("Request failed with status 401");
  });

  it("turns a network failure into status 0 'Network Error'", async () => {
    stubFetch(async () => {
      throw new TypeError("Failed to fetch");
    });
    const error = (await apiJson("/api/x").catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.message).toBe("Network Error");
    expect(error.code).toBe("network_error");
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it("rethrows an abort untouched", async () => {
    const controller = new AbortController();
    stubFetch(async (_input, init) => {
      init?.signal?.throwIfAborted();
      return jsonResponse(200, {});
    });
    controller.abort();
    const error = await apiJson("/api/x", { signal: controller.signal }).catch((e) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe("AbortError");
  });

  it("rejects a 2xx answer that is not JSON", async () => {
    stubFetch(async () => new Response("not json", { status: 200 }));
    const error = (await apiJson("/api/x").catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe("invalid_json");
  });
});

describe("apiFetch", () => {
  it("resolves with the Response for 2xx", async () => {
    stubFetch(async () => new Response(null, { status: 204 }));
    const response = await apiFetch("/api/session", { method: "DELETE" });
    expect(response.status).toBe(204);
  });

  it("rejects non-2xx with an ApiError", async () => {
    stubFetch(async () =>
      jsonResponse(404, { error: { code: "not_found", message: "Update not found" } }),
    );
    await expect(apiFetch("/api/updates/x", { method: "DELETE" })).rejects.toMatchObject({
      status: 404,
      code: "not_found",
      message: "Update not found",
    });
  });
});

describe("parseRetryAfter", () => {
  it("reads seconds and HTTP dates", () => {
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter("30")).toBe(30);
    expect(parseRetryAfter("soon")).toBeNull();
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(parseRetryAfter("Wed, 01 Jan 2025 00:01:30 GMT", now)).toBe(90);
    expect(parseRetryAfter("Tue, 31 Dec 2024 23:00:00 GMT", now)).toBe(0);
  });
});
