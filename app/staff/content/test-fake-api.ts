import { vi } from "vitest";
import { jsonResponse } from "~/lib/test-fetch";
import { collectionKind, type CollectionName } from "#common/content/collections";
import { collectionDefinition, CONTENT_COLLECTIONS } from "#common/content/registry";
import type { ContentEntry, ContentProblem, ContentRevision } from "#common/content-api";

// Test helper (imported by `*.test.tsx` files only): the content API of docs/product.md 14.1 as
// a small in-memory fake behind `fetch`, seeded with the default content, so the editor's tests
// drive whole flows. The real API is tested in server/content/ and in tests/e2e.

const T0 = "2026-11-23T09:00:00.000Z";

export interface FakeContentApi {
  entries: Map<CollectionName, ContentEntry[]>;
  revisions: Map<string, ContentRevision[]>;
  fetchMock: ReturnType<typeof vi.fn>;
  /** Requests as "METHOD path" with their JSON bodies. */
  calls: { method: string; path: string; body: unknown }[];
  /** Answers a request before the fake does, when it returns a Response. */
  intercept: ((method: string, path: string, body: unknown) => Response | undefined) | null;
  /** What GET /api/content/problems answers (none unless a test says). */
  problems: ContentProblem[];
}

export function installFakeContentApi(): FakeContentApi {
  const entries = new Map<CollectionName, ContentEntry[]>();
  const revisions = new Map<string, ContentRevision[]>();
  for (const definition of CONTENT_COLLECTIONS) {
    entries.set(
      definition.name,
      definition.seed.map((data, index) => {
        const id = `${definition.name}-${index + 1}`;
        revisions.set(id, [
          {
            revision: 1,
            published_at: T0,
            data,
            kind: "seed",
            restored_from: null,
            published_by: null,
          },
        ]);
        return {
          id,
          collection: definition.name,
          position: index,
          data,
          status: "published",
          version: 1,
          publish_at: null,
          draft: null,
          published_at: T0,
          created_at: T0,
          updated_at: T0,
        };
      }),
    );
  }
  const fake: FakeContentApi = {
    entries,
    revisions,
    calls: [],
    intercept: null,
    problems: [],
    fetchMock: vi.fn(),
  };

  const find = (name: CollectionName, id: string) => entries.get(name)?.find((e) => e.id === id);
  const publish = (entry: ContentEntry, data: unknown, kind: ContentRevision["kind"]) => {
    const list = revisions.get(entry.id) ?? [];
    list.unshift({
      revision: (list[0]?.revision ?? 0) + 1,
      published_at: new Date().toISOString(),
      data,
      kind,
      restored_from: null,
      published_by: { id: "o1", name: "Olive Owner" },
    });
    revisions.set(entry.id, list);
    Object.assign(entry, { data, status: "published", published_at: new Date().toISOString() });
    entry.version += 1;
    return list[0]!;
  };

  fake.fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const path = String(input);
    const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    fake.calls.push({ method, path, body });
    const intercepted = fake.intercept?.(method, path, body);
    if (intercepted) return intercepted;
    if (path === "/api/session") return jsonResponse(200, { admin: true });
    if (path === "/api/content/problems") return jsonResponse(200, fake.problems);
    if (path === "/api/content") {
      return jsonResponse(
        200,
        CONTENT_COLLECTIONS.map(({ name, label, kind }) => ({ name, label, kind })),
      );
    }
    const [, , , name, id, action, revision] = path.split("/") as (string | undefined)[];
    const collection = name as CollectionName;
    const list = entries.get(collection);
    if (!list) return jsonResponse(404, { error: { code: "not_found", message: "Not found" } });
    const definition = collectionDefinition(collection);
    const request = (body ?? {}) as {
      data?: unknown;
      version?: number;
      at?: string;
      ids?: string[];
    };
    const invalid = (data: unknown) => {
      const result = definition.schema.safeParse(data);
      if (result.success) return null;
      const fields = Object.fromEntries(
        result.error.issues.map((issue) => [["data", ...issue.path].join("."), issue.message]),
      );
      return jsonResponse(400, { error: { code: "invalid_input", message: "Invalid", fields } });
    };
    if (id === undefined) {
      if (method === "GET") return jsonResponse(200, list);
      if (method === "POST" && collectionKind(collection) === "list") {
        // Drafts are stored whatever their state, as the server does (decision 044).
        const entry: ContentEntry = {
          ...list[0]!,
          id: `${collection}-${list.length + 1}`,
          position: list.length,
          data: null,
          status: "draft",
          version: 1,
          draft: { data: request.data },
          published_at: null,
        };
        list.push(entry);
        revisions.set(entry.id, []);
        return jsonResponse(201, entry);
      }
    }
    if (id === "order" && method === "PUT") {
      const ids = request.ids ?? [];
      const reordered = ids.map((each) => find(collection, each)!);
      const rest = list.filter((entry) => !ids.includes(entry.id));
      entries.set(collection, [...reordered, ...rest]);
      return jsonResponse(200, entries.get(collection));
    }
    const entry = id === undefined ? undefined : find(collection, id);
    if (!entry) return jsonResponse(404, { error: { code: "not_found", message: "Not found" } });
    const stale = () =>
      request.version !== undefined && request.version !== entry.version
        ? jsonResponse(409, {
            error: {
              code: "stale_version",
              message: "Someone else changed this entry since you opened it.",
            },
            current: entry,
          })
        : null;
    if (action === undefined) {
      if (method === "GET") return jsonResponse(200, entry);
      if (method === "PUT") {
        const refused = stale();
        if (refused) return refused;
        entry.draft = { data: request.data };
        entry.version += 1;
        entry.updated_at = new Date().toISOString();
        return jsonResponse(200, entry);
      }
      if (method === "DELETE") {
        entry.status = "deleted";
        entry.version += 1;
        return new Response(null, { status: 204 });
      }
    }
    if (action === "publish" && method === "POST") {
      const refused = stale();
      if (refused) return refused;
      if (!entry.draft) {
        return jsonResponse(409, { error: { code: "no_draft", message: "There is no draft" } });
      }
      const incomplete = invalid(entry.draft.data);
      if (incomplete) return incomplete;
      if (request.at) {
        entry.publish_at = request.at;
        entry.version += 1;
        return jsonResponse(202, entry);
      }
      publish(entry, entry.draft.data, "publish");
      entry.draft = null;
      entry.publish_at = null;
      return jsonResponse(200, entry);
    }
    if (action === "draft" && method === "POST") {
      const refused = stale();
      if (refused) return refused;
      entry.draft = null;
      entry.publish_at = null;
      entry.version += 1;
      return jsonResponse(200, entry);
    }
    if (action === "schedule" && method === "DELETE") {
      entry.publish_at = null;
      entry.version += 1;
      return jsonResponse(200, entry);
    }
    if (action === "revisions" && method === "GET" && revision === undefined) {
      return jsonResponse(200, revisions.get(entry.id));
    }
    if (action === "revisions" && method === "POST") {
      const refused = stale();
      if (refused) return refused;
      const chosen = revisions.get(entry.id)?.find((each) => String(each.revision) === revision);
      if (!chosen) return jsonResponse(404, { error: { code: "not_found", message: "No" } });
      const made = publish(entry, chosen.data, "restore");
      made.restored_from = chosen.revision;
      return jsonResponse(200, entry);
    }
    return jsonResponse(405, { error: { code: "method_not_allowed", message: path } });
  });
  vi.stubGlobal("fetch", fake.fetchMock);
  return fake;
}
