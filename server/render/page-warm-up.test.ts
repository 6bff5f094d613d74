import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EncodingNegotiator } from "../web/accept-encoding.js";
import type { ContentSource } from "./content-source.js";
import { type PageRoutes, registerPageRoutes } from "./page-routes.js";
import { type TestBuild, createTestBuild } from "./test-build.js";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * A content source that publishes like the store: the version moves first, then the listeners
 * are told. `published()` takes the content as it is when called and, while `hold` is set,
 * answers only once it is released, so a test can publish again in the middle of a render.
 */
function createContent() {
  const listeners = new Set<() => void>();
  const state = {
    version: 1,
    title: "First title",
    reads: 0,
    waiting: 0,
    hold: undefined as ReturnType<typeof deferred> | undefined,
  };
  const source: ContentSource<{ title: string }> = {
    version: () => state.version,
    published: async () => {
      state.reads += 1;
      const title = state.title;
      const hold = state.hold;
      if (hold) {
        state.waiting += 1;
        await hold.promise;
        state.waiting -= 1;
      }
      return { title };
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const publish = (title: string) => {
    state.title = title;
    state.version += 1;
    for (const listener of listeners) listener();
  };
  return { state, source, publish, listeners };
}

describe("pages are rendered again in the background after a content change", () => {
  let app: FastifyInstance;
  let pages: PageRoutes;
  let testBuild: TestBuild;
  let content: ReturnType<typeof createContent>;
  const errors: unknown[] = [];

  beforeEach(async () => {
    testBuild = createTestBuild();
    content = createContent();
    errors.length = 0;
    app = Fastify();
    pages = registerPageRoutes(app, {
      build: testBuild.build,
      content: content.source,
      featured: { current: () => ({ version: "f1", updates: [] }) },
      origin: "http://www.example.test",
      https: false,
      cssOf: () => "main{display:block}",
      negotiator: new EncodingNegotiator(),
      claim: () => true,
    });
    // The warm-up logs failures instead of throwing them.
    vi.spyOn(app.log, "error").mockImplementation((...args: unknown[]) => {
      errors.push(args[0]);
    });
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
  });

  const title = async (url: string) => {
    const answer = await app.inject({ method: "GET", url });
    return /<h1>([^<]*)<\/h1>/.exec(answer.body)?.[1];
  };

  it("renders the public pages once after a publish, so the next visitor is served from memory", async () => {
    expect(await title("/page")).toBe("First title");
    expect(testBuild.renders.documents).toBe(1);

    content.publish("Second title");
    await pages.warmedUp();
    // /page and /broken (documents) and /event.ics; never the staff shell.
    expect(testBuild.renders.documents).toBe(3);
    const reads = content.state.reads;

    expect(await title("/page")).toBe("Second title");
    expect(await title("/broken")).toBe("Status 200");
    expect((await app.inject({ method: "GET", url: "/event.ics" })).statusCode).toBe(200);
    expect(testBuild.renders.documents).toBe(3);
    expect(content.state.reads).toBe(reads);
    expect(errors).toEqual([]);
  });

  it("a publish during a warm-up never leaves the older content cached under the new version", async () => {
    expect(await title("/page")).toBe("First title");

    // Publish "Second": the pass renders /broken and /event.ics first (two at a time), then
    // /page, each taking the content as it is when its render starts.
    const first = deferred();
    content.state.hold = first;
    content.publish("Second title");
    await vi.waitFor(() => expect(content.state.waiting).toBe(2));
    const second = deferred();
    content.state.hold = second;
    first.resolve();
    // /page is being rendered from "Second" and waits.
    await vi.waitFor(() => expect(content.state.waiting).toBe(1));

    const third = deferred();
    content.state.hold = third;
    content.publish("Third title");
    // A visitor asks for /page under the new version while the older render is in flight.
    const visitor = title("/page");
    await vi.waitFor(() => expect(content.state.waiting).toBe(2));
    content.state.hold = undefined;
    // The visitor's render finishes first, the older one ("Second") after it.
    third.resolve();
    expect(await visitor).toBe("Third title");
    second.resolve();
    await pages.warmedUp();
    const documents = testBuild.renders.documents;
    expect(await title("/page")).toBe("Third title");
    // Served from memory: the render of "Second" that finished last was not kept.
    expect(testBuild.renders.documents).toBe(documents);
    expect(errors).toEqual([]);
  });

  it("logs a page that fails and keeps the others warm; the failure is rendered again on request", async () => {
    testBuild.broken = true;
    content.publish("Second title");
    await pages.warmedUp();
    expect(errors).toHaveLength(1);
    const documents = testBuild.renders.documents;
    expect(await title("/page")).toBe("Second title");
    expect(testBuild.renders.documents).toBe(documents);
    // A server error is never kept: the next request renders it again.
    testBuild.broken = false;
    expect((await app.inject({ method: "GET", url: "/broken" })).statusCode).toBe(200);
  });

  it("stops listening when the app closes", async () => {
    expect(content.listeners.size).toBe(1);
    await app.close();
    expect(content.listeners.size).toBe(0);
  });
});
