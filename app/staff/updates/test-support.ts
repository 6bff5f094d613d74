import { vi } from "vitest";
import type { SiteUpdate } from "#common/updates";

/** One request the page made, as the fake server saw it. */
export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
  contentType: string | null;
  credentials: RequestCredentials | undefined;
}

export function makeUpdate(n: number, overrides: Partial<SiteUpdate> = {}): SiteUpdate {
  const time = `2025-09-${String(n).padStart(2, "0")}T10:00:00.000Z`;
  return {
    id: `6f1c2a3b-0000-4000-8000-${String(n).padStart(12, "0")}`,
    type: "news",
    title: `Update ${n}`,
    summary: `Summary ${n}`,
    url: null,
    image_url: null,
    status: "published",
    featured: false,
    published_at: time,
    created_at: time,
    updated_at: time,
    ...overrides,
  };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

function errorResponse(status: number, message: string, fields?: Record<string, string>) {
  return json(status, {
    error: { code: `code_${status}`, message, ...(fields ? { fields } : {}) },
  });
}

type Override = (request: RecordedRequest) => Response | undefined | Promise<Response | undefined>;

/**
 * An in-memory stand-in for the API of docs/product.md section 9, installed as `fetch`.
 * `override` lets a test answer one request differently (a failure, a slow answer, ...).
 */
export class FakeApi {
  password = "correct horse battery staple";
  loggedIn = false;
  updates: SiteUpdate[] = [];
  requests: RecordedRequest[] = [];
  overrides: Override[] = [];
  private nextId = 100;
  private clock = Date.parse("2025-11-01T12:00:00.000Z");

  readonly fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init.headers);
    const request: RecordedRequest = {
      method: (init.method ?? "GET").toUpperCase(),
      url,
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      contentType: headers.get("Content-Type"),
      credentials: init.credentials,
    };
    this.requests.push(request);
    for (const override of this.overrides) {
      const answer = await override(request);
      if (answer) return answer;
    }
    return this.answer(request);
  });

  install(): this {
    vi.stubGlobal("fetch", this.fetch);
    return this;
  }

  /** Answer matching requests with `status` (and an error body) instead of the normal answer. */
  failWhen(method: string, pattern: RegExp, status: number, fields?: Record<string, string>) {
    this.overrides.push((request) =>
      request.method === method && pattern.test(request.url)
        ? errorResponse(status, `Failure ${status}`, fields)
        : undefined,
    );
  }

  /** Requests other than the public featured list and the session check. */
  adminRequests(): RecordedRequest[] {
    return this.requests.filter(
      (request) =>
        !request.url.startsWith("/api/updates/featured") &&
        !(request.url === "/api/session" && request.method === "GET"),
    );
  }

  featuredRequests(): RecordedRequest[] {
    return this.requests.filter((request) => request.url.startsWith("/api/updates/featured"));
  }

  private tick(): string {
    this.clock += 60_000;
    return new Date(this.clock).toISOString();
  }

  private answer(request: RecordedRequest): Response {
    const { method, url } = request;
    if (url === "/api/session") {
      if (method === "GET") {
        return this.loggedIn ? json(200, { admin: true }) : errorResponse(401, "Not logged in");
      }
      if (method === "POST") {
        const { password } = request.body as { password: string };
        if (password !== this.password) return errorResponse(401, "Incorrect password");
        this.loggedIn = true;
        return new Response(null, { status: 204 });
      }
      if (method === "DELETE") {
        this.loggedIn = false;
        return new Response(null, { status: 204 });
      }
    }
    if (url.startsWith("/api/updates/featured")) {
      const featured = this.updates
        .filter((update) => update.status === "published" && update.featured)
        .sort((a, b) => b.published_at.localeCompare(a.published_at))
        .slice(0, 5);
      return json(200, featured);
    }
    if (!this.loggedIn) return errorResponse(401, "Your session has ended");
    if (url === "/api/updates" && method === "GET") {
      return json(
        200,
        [...this.updates].sort((a, b) => b.created_at.localeCompare(a.created_at)),
      );
    }
    if (url === "/api/updates" && method === "POST") {
      const now = this.tick();
      const created: SiteUpdate = {
        ...(request.body as Omit<SiteUpdate, "id" | "created_at" | "updated_at">),
        id: `6f1c2a3b-0000-4000-8000-${String((this.nextId += 1)).padStart(12, "0")}`,
        created_at: now,
        updated_at: now,
      };
      this.updates.push(created);
      return json(201, created);
    }
    const match = /^\/api\/updates\/([^/]+)$/.exec(url);
    if (match) {
      const index = this.updates.findIndex((update) => update.id === match[1]);
      if (index === -1) return errorResponse(404, "Update not found");
      if (method === "PATCH") {
        const updated: SiteUpdate = {
          ...this.updates[index]!,
          ...(request.body as Partial<SiteUpdate>),
          updated_at: this.tick(),
        };
        this.updates[index] = updated;
        return json(200, updated);
      }
      if (method === "DELETE") {
        this.updates.splice(index, 1);
        return new Response(null, { status: 204 });
      }
    }
    return errorResponse(404, "Not found");
  }
}
