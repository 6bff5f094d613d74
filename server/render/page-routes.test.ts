import { createHash } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type Fixture, STYLE_CSS, createClientFixture } from "../web/test-fixture.js";
import {
  TEST_EMAIL,
  TEST_PASSWORD,
  type TestApp,
  createTestApp,
  sessionCookieFrom,
} from "../test-support/test-app.js";
import type { ContentSource } from "./content-source.js";
import { type TestBuild, createTestBuild } from "./test-build.js";

// Plain http, so the session cookie works without TLS in these requests.
const PUBLIC_ORIGIN = "http://www.example.test";

/** A content source the tests publish to. */
function createContent() {
  const state = { version: 1, title: "Published title", draft: "Draft title", reads: 0 };
  const source: ContentSource<{ title: string }> = {
    version: () => state.version,
    published: async () => {
      state.reads += 1;
      return { title: state.title };
    },
    withDrafts: async () => ({ title: state.draft }),
  };
  return { state, source };
}

/** The hash sources of a policy's script-src. */
const scriptHashes = (csp: string) =>
  (/script-src ([^;]*)/.exec(csp)?.[1] ?? "")
    .split(" ")
    .filter((source) => source.includes("sha256-"));
const styleHash = (css: string) => `'sha256-${createHash("sha256").update(css).digest("base64")}'`;

describe("server-rendered pages", () => {
  let fixture: Fixture;
  let t: TestApp;
  let testBuild: TestBuild;
  let content: ReturnType<typeof createContent>;

  beforeAll(async () => {
    fixture = await createClientFixture();
  });
  afterAll(async () => {
    await fixture.cleanup();
  });
  beforeEach(async () => {
    testBuild = createTestBuild();
    content = createContent();
    t = await createTestApp({
      env: { PUBLIC_ORIGIN },
      deps: { clientDir: fixture.dir, serverBuild: testBuild.build, content: content.source },
    });
  });
  afterEach(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers });

  /** Logs in from the public origin; returns the Cookie header value. */
  const login = async () =>
    sessionCookieFrom(
      await t.app.inject({
        method: "POST",
        url: "/api/session",
        headers: { origin: PUBLIC_ORIGIN, "content-type": "application/json" },
        payload: { email: TEST_EMAIL, password: TEST_PASSWORD },
      }),
    );

  it("renders a page once per content version and serves it from memory after", async () => {
    const first = await get("/page");
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain("<h1>Published title</h1>");
    expect(first.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(first.headers["cache-control"]).toBe("no-cache");
    expect(first.headers["etag"]).toMatch(/^"[\w-]+"$/);

    const second = await get("/page");
    expect(second.body).toBe(first.body);
    expect(second.headers["etag"]).toBe(first.headers["etag"]);
    expect(testBuild.renders.documents).toBe(1);
    expect(content.state.reads).toBe(1);
  });

  it("renders every page again when the year turns in SITE_TIME_ZONE (the footer's year), not before", async () => {
    await t.close();
    t = await createTestApp({
      env: { PUBLIC_ORIGIN, SITE_TIME_ZONE: "America/Los_Angeles" },
      deps: { clientDir: fixture.dir, serverBuild: testBuild.build, content: content.source },
    });
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      // New Year's Eve, 23:00 in Los Angeles.
      vi.setSystemTime(new Date("2027-01-01T07:00:00.000Z"));
      const first = await get("/page");
      expect(first.body).toContain('<p id="zone">America/Los_Angeles</p>');
      const rendered = testBuild.renders.documents;
      // Midnight has passed in UTC but not in the site's zone: still the page of 2026.
      vi.setSystemTime(new Date("2027-01-01T07:59:59.000Z"));
      expect((await get("/page")).body).toBe(first.body);
      expect(testBuild.renders.documents).toBe(rendered);
      // Midnight of 1 January in Los Angeles: rendered again at the first request after it.
      vi.setSystemTime(new Date("2027-01-01T08:00:00.000Z"));
      await get("/page");
      expect(testBuild.renders.documents).toBe(rendered + 1);
      await get("/page");
      expect(testBuild.renders.documents).toBe(rendered + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers 304 to a matching If-None-Match, and serves br and gzip forms", async () => {
    const first = await get("/page");
    const etag = first.headers["etag"] as string;
    const again = await get("/page", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");

    const br = await get("/page", { "accept-encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["etag"]).toBe(etag.replace(/"$/, '-br"'));
    expect(br.headers["vary"]).toBe("Accept-Encoding");
    const notModified = await get("/page", {
      "accept-encoding": "br",
      "if-none-match": br.headers["etag"] as string,
    });
    expect(notModified.statusCode).toBe(304);
    expect(testBuild.renders.documents).toBe(1);
  });

  it("renders concurrent first requests for one path once (single flight)", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => get("/page")));
    expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((answer) => answer.headers["etag"])).size).toBe(1);
    expect(testBuild.renders.documents).toBe(1);
    expect(content.state.reads).toBe(1);
  });

  it("renders again after a publish (a new content version), and only then", async () => {
    const before = await get("/page");
    content.state.title = "Second title";
    // Same version: still the page of version 1.
    expect((await get("/page")).body).toContain("<h1>Published title</h1>");
    content.state.version = 2;
    const after = await get("/page");
    expect(after.body).toContain("<h1>Second title</h1>");
    expect(after.headers["etag"]).not.toBe(before.headers["etag"]);
    const stale = await get("/page", { "if-none-match": before.headers["etag"] as string });
    expect(stale.statusCode).toBe(200);
    expect(testBuild.renders.documents).toBe(2);
  });

  it("inlines the page's stylesheet and allows its <style> and scripts by hash, never unsafe-inline", async () => {
    const page = await get("/page");
    expect(page.body).not.toContain('<link rel="stylesheet"');
    expect(page.body).toContain(`<style>${STYLE_CSS.trim()}</style>`);
    const csp = page.headers["content-security-policy"] as string;
    expect(csp).toContain(`style-src 'self' ${styleHash(STYLE_CSS.trim())}`);
    expect(csp).toContain("'sha256-");
    expect(csp).not.toContain("unsafe-inline");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("allows only the scripts the renderer wrote: a script that reached the page from content is never allowed", async () => {
    const page = await get("/page");
    const own = scriptHashes(page.headers["content-security-policy"] as string);
    // The test entry writes one marked script; the mark itself never reaches the browser.
    expect(own).toEqual([styleHash('document.body.dataset.ready="1"')]);
    expect(page.body).not.toContain("nonce=");
    // Its title is written unescaped, as a hole in a renderer would: the script that content
    // smuggles in appears in the page, and the policy still allows only the renderer's own.
    const injected = 'alert("from content")';
    content.state.title = `<script>${injected}</script><script nonce="guess">${injected}</script>`;
    content.state.version += 1;
    const hostile = await get("/page");
    expect(hostile.body).toContain(`<script>${injected}</script>`);
    const allowed = scriptHashes(hostile.headers["content-security-policy"] as string);
    expect(allowed).toEqual(own);
    expect(allowed).not.toContain(styleHash(injected));
  });

  it("renders with the public origin, never the Host or X-Forwarded-Host a client sends", async () => {
    const honest = await get("/page");
    const forged = await get("/page", { "x-forwarded-host": "evil.example" });
    // Another Host is not served at all (421, http/host-check.ts).
    expect((await get("/page", { host: "evil.example" })).statusCode).toBe(421);
    expect(forged.body).toContain(`<p id="url">${PUBLIC_ORIGIN}/page</p>`);
    // The origin the app builds its canonical links, sitemap and JSON-LD from.
    expect(forged.body).toContain(`<p id="origin">${PUBLIC_ORIGIN}</p>`);
    expect(forged.body).not.toContain("evil.example");
    expect(forged.headers["etag"]).toBe(honest.headers["etag"]);
  });

  it("serves single-fetch .data from the same cache, keyed by the routes asked for", async () => {
    const data = await get("/page.data");
    expect(data.statusCode).toBe(200);
    expect(data.headers["content-type"]).toBe("text/x-script");
    expect(data.body).toContain("Published title");
    await get("/page.data");
    // Unknown route ids are dropped, so they share the answer for all routes.
    await get("/page.data?_routes=nothing,else");
    expect(testBuild.renders.data).toBe(1);
    await get("/page.data?_routes=routes/page");
    await get("/page.data?_routes=routes/page,junk");
    expect(testBuild.renders.data).toBe(2);
    expect(testBuild.renders.documents).toBe(0);
  });

  it("answers every unknown path with one 404 screen, rendered once, not cached per path", async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => get(`/no-such-page-${i}?x=${i}`)),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.headers["etag"]).toBeUndefined();
      expect(answer.headers["content-security-policy"]).toContain("script-src 'self' 'sha256-");
    }
    expect(answers[0]!.body).toContain("Status 404");
    expect(testBuild.renders.documents).toBe(1);
    const data = await get("/no-such-page.data");
    expect(data.statusCode).toBe(404);
    expect(data.headers["x-remix-response"]).toBe("yes");
    const api = await get("/api/no-such-endpoint");
    expect(api.json()).toEqual({ error: { code: "not_found", message: "Not found" } });
  });

  it("does not keep a server error: the next request renders again", async () => {
    testBuild.broken = true;
    expect((await get("/broken")).statusCode).toBe(500);
    testBuild.broken = false;
    expect((await get("/broken")).statusCode).toBe(200);
  });

  it("serves the staff pages' shell noindex, and resource routes with their own headers", async () => {
    const admin = await get("/admin/updates");
    expect(admin.statusCode).toBe(200);
    expect(admin.headers["x-robots-tag"]).toBe("noindex");
    const calendar = await get("/event.ics");
    expect(calendar.statusCode).toBe(200);
    expect(calendar.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(calendar.headers["content-disposition"]).toBe('attachment; filename="event.ics"');
    expect(calendar.headers["cache-control"]).toBe("no-cache");
    expect(calendar.body).toContain("BEGIN:VCALENDAR");
  });

  it("renders the featured updates into the page and renders again when they change", async () => {
    const before = await get("/page");
    expect(before.body).toContain('<p id="featured">[]</p>');
    const cookie = await login();
    const created = await t.app.inject({
      method: "POST",
      url: "/api/updates",
      headers: { origin: PUBLIC_ORIGIN, "content-type": "application/json", cookie },
      payload: {
        type: "news",
        title: "Strip news",
        summary: "Shown in the strip.",
        url: null,
        image_url: null,
        status: "published",
        featured: true,
        published_at: "2025-05-01T10:00:00.000Z",
      },
    });
    expect(created.statusCode).toBe(201);
    const after = await get("/page");
    expect(after.body).toContain("Strip news");
    expect(testBuild.renders.documents).toBe(2);
  });

  describe("preview (?preview)", () => {
    it("shows a logged-in staff member the drafts: noindex, no-store, never cached", async () => {
      const cookie = await login();
      const preview = await get("/page?preview", { cookie });
      expect(preview.statusCode).toBe(200);
      expect(preview.body).toContain("<h1>Draft title</h1>");
      expect(preview.headers["cache-control"]).toBe("no-store");
      expect(preview.headers["x-robots-tag"]).toBe("noindex");
      expect(preview.headers["etag"]).toBeUndefined();
      expect(preview.headers["content-security-policy"]).toContain("style-src 'self' 'sha256-");
      // It says it is a preview, with the way back to the editor it came from.
      expect(preview.body).toContain("Preview: draft changes, not yet public.");
      expect(preview.body).toContain('<a href="/admin/content">Back to the editor</a>');
      const fromHome = await get("/page?preview=home", { cookie });
      expect(fromHome.body).toContain('<a href="/admin/content/home">Back to the editor</a>');

      await get("/page?preview=1", { cookie });
      expect(testBuild.renders.documents).toBe(3);
      // The public page was never replaced by a preview, and carries no banner.
      const visitor = await get("/page");
      expect(visitor.body).toContain("<h1>Published title</h1>");
      expect(visitor.body).not.toContain("Preview:");
      expect(testBuild.renders.documents).toBe(4);
    });

    it("gives a staff member's client-side data requests (.data?preview) the drafts, never cached", async () => {
      const cookie = await login();
      for (const url of ["/page.data?preview", "/page.data?preview&_routes=routes/page"]) {
        const data = await get(url, { cookie });
        expect(data.statusCode).toBe(200);
        expect(data.headers["content-type"]).toBe("text/x-script");
        expect(data.body).toContain("Draft title");
        expect(data.body).not.toContain("Published title");
        expect(data.headers["cache-control"]).toBe("no-store");
        expect(data.headers["x-robots-tag"]).toBe("noindex");
        expect(data.headers["etag"]).toBeUndefined();
      }
      expect(testBuild.renders.data).toBe(2);
      // The public data answer was never replaced by a preview.
      const visitor = await get("/page.data");
      expect(visitor.body).toContain("Published title");
      expect(visitor.body).not.toContain("Draft title");
      expect(visitor.headers["cache-control"]).toBe("no-cache");
      expect(testBuild.renders.data).toBe(3);
    });

    it("never shows drafts in .data?preview without a live session", async () => {
      const publicData = await get("/page.data");
      for (const cookie of [undefined, "sid=forged-session-token"]) {
        const answer = await get("/page.data?preview", cookie ? { cookie } : {});
        expect(answer.statusCode).toBe(200);
        expect(answer.body).toContain("Published title");
        expect(answer.body).not.toContain("Draft title");
        expect(answer.headers["etag"]).toBe(publicData.headers["etag"]);
        expect(answer.headers["x-robots-tag"]).toBeUndefined();
      }
      const cookie = await login();
      await t.app.inject({
        method: "DELETE",
        url: "/api/session",
        headers: { origin: PUBLIC_ORIGIN, cookie },
      });
      const loggedOut = await get("/page.data?preview=1", { cookie });
      expect(loggedOut.body).not.toContain("Draft title");
      expect(loggedOut.headers["etag"]).toBe(publicData.headers["etag"]);
      expect(testBuild.renders.data).toBe(1);
    });

    it("gives the public page to a session whose required second factor is overdue", async () => {
      const cookie = await login();
      expect((await get("/page?preview", { cookie })).body).toContain("<h1>Draft title</h1>");
      // The owner's 14-day grace has run out with no factor: the staff API answers 403 ...
      await t.database.handle.db
        .updateTable("staff_accounts")
        .set({ factor_grace_from: new Date(Date.now() - 15 * 86_400_000).toISOString() })
        .execute();
      const api = await get("/api/content", { cookie });
      expect(api.statusCode).toBe(403);
      // ... and a preview shows no draft either, as a page or as data.
      const page = await get("/page?preview", { cookie });
      expect(page.body).toContain("<h1>Published title</h1>");
      expect(page.body).not.toContain("Draft title");
      expect(page.headers["x-robots-tag"]).toBeUndefined();
      const data = await get("/page.data?preview", { cookie });
      expect(data.body).toContain("Published title");
      expect(data.body).not.toContain("Draft title");
    });

    it("gives anyone without a live session the public page", async () => {
      const publicPage = await get("/page");
      for (const cookie of [undefined, "sid=forged-session-token"]) {
        const answer = await get("/page?preview", cookie ? { cookie } : {});
        expect(answer.statusCode).toBe(200);
        expect(answer.body).toContain("<h1>Published title</h1>");
        expect(answer.headers["etag"]).toBe(publicPage.headers["etag"]);
        expect(answer.headers["x-robots-tag"]).toBeUndefined();
      }
      const cookie = await login();
      await t.app.inject({
        method: "DELETE",
        url: "/api/session",
        headers: { origin: PUBLIC_ORIGIN, cookie },
      });
      const loggedOut = await get("/page?preview", { cookie });
      expect(loggedOut.body).toContain("<h1>Published title</h1>");
      expect(testBuild.renders.documents).toBe(1);
    });
  });
});
