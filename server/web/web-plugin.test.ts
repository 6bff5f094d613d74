import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STRICT_CSP } from "./csp.js";
import {
  ABOUT_HTML,
  ABOUT_SCRIPT,
  APP_JS,
  FALLBACK_HTML,
  FALLBACK_SCRIPT,
  FAVICON_SVG,
  INDEX_HTML,
  INDEX_SCRIPTS,
  createClientFixture,
  type Fixture,
} from "./test-fixture.js";
import { NOT_FOUND, hash, scriptSrc, buildApp, rawGet } from "./test-web-app.js";

describe("webPlugin", () => {
  let fixture: Fixture;
  let app: FastifyInstance;

  beforeAll(async () => {
    fixture = await createClientFixture();
    app = await buildApp({ clientDir: fixture.dir, publicOrigin: "http://localhost:3000" });
  });
  afterAll(async () => {
    await app.close();
    await fixture.cleanup();
  });

  describe("content coding", () => {
    it("serves br when accepted", async () => {
      const response = await app.inject({
        url: "/",
        headers: { "accept-encoding": "gzip, deflate, br, zstd" },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe("br");
      expect(response.headers.vary).toBe("Accept-Encoding");
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
      expect(response.headers["content-length"]).toBe(String(response.rawPayload.length));
    });

    it("serves gzip when br is not accepted or has q=0", async () => {
      for (const acceptEncoding of ["gzip", "br;q=0, gzip", "x-gzip"]) {
        const response = await app.inject({
          url: "/",
          headers: { "accept-encoding": acceptEncoding },
        });
        expect(response.headers["content-encoding"], acceptEncoding).toBe("gzip");
        expect(gunzipSync(response.rawPayload).toString()).toBe(INDEX_HTML);
      }
    });

    it("serves the plain file otherwise", async () => {
      for (const headers of [
        {},
        { "accept-encoding": "identity" },
        { "accept-encoding": "gzip;q=0, br;q=0" },
      ]) {
        const response = await app.inject({ url: "/", headers });
        expect(response.headers["content-encoding"]).toBeUndefined();
        expect(response.body).toBe(INDEX_HTML);
        expect(response.headers.vary).toBe("Accept-Encoding");
      }
    });

    it("falls back to a coding the file has", async () => {
      const response = await app.inject({
        url: "/assets/style-def456.css",
        headers: { "accept-encoding": "br, gzip" },
      });
      expect(response.headers["content-encoding"]).toBe("gzip");
      expect(response.headers["content-type"]).toBe("text/css; charset=utf-8");
    });

    it("never serves a stale precompressed sibling", async () => {
      const response = await app.inject({
        url: "/assets/stale.js",
        headers: { "accept-encoding": "gzip" },
      });
      expect(response.headers["content-encoding"]).toBeUndefined();
      expect(response.body).toBe("console.log('new');");
    });
  });

  describe("validators", () => {
    it("answers 304 to a matching If-None-Match, per coding", async () => {
      const first = await app.inject({ url: "/", headers: { "accept-encoding": "gzip" } });
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+-gz"$/);

      const again = await app.inject({
        url: "/",
        headers: { "accept-encoding": "gzip", "if-none-match": etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
      expect(again.headers.etag).toBe(etag);
      expect(again.headers["cache-control"]).toBe("no-cache");
      expect(again.headers["content-length"]).toBeUndefined();

      const weak = await app.inject({
        url: "/",
        headers: { "accept-encoding": "gzip", "if-none-match": `"other", W/${etag}` },
      });
      expect(weak.statusCode).toBe(304);

      // The gzip validator does not validate the br representation.
      const otherCoding = await app.inject({
        url: "/",
        headers: { "accept-encoding": "br", "if-none-match": etag },
      });
      expect(otherCoding.statusCode).toBe(200);
      expect(otherCoding.headers.etag).not.toBe(etag);
    });

    it("gives each file its own validator", async () => {
      const a = await app.inject({ url: "/" });
      const b = await app.inject({ url: "/about-desktop" });
      expect(a.headers.etag).not.toBe(b.headers.etag);
    });
  });

  describe("paths and caching", () => {
    it("serves HTML files of the client build with and without the trailing slash", async () => {
      for (const url of ["/about-desktop", "/about-desktop/", "/about-desktop/index.html"]) {
        const response = await app.inject({ url });
        expect(response.statusCode, url).toBe(200);
        expect(response.body).toBe(ABOUT_HTML);
        expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
        expect(response.headers["cache-control"]).toBe("no-cache");
      }
      const query = await app.inject({ url: "/about-desktop?utm_source=x" });
      expect(query.body).toBe(ABOUT_HTML);
    });

    it("caches hashed assets for a year", async () => {
      const response = await app.inject({ url: "/assets/app-abc123.js" });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(APP_JS);
      expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    });

    it("caches other public files for an hour", async () => {
      const svg = await app.inject({ url: "/favicon.svg" });
      expect(svg.body).toBe(FAVICON_SVG);
      expect(svg.headers["content-type"]).toBe("image/svg+xml");
      expect(svg.headers["cache-control"]).toBe("public, max-age=3600");
      expect(svg.headers["content-security-policy"]).not.toContain("script-src");
      const robots = await app.inject({ url: "/robots.txt" });
      expect(robots.headers["cache-control"]).toBe("public, max-age=3600");
      expect(robots.headers["content-security-policy"]).toBe(STRICT_CSP);
    });

    it("serves the client-only page for /admin with 200 and noindex", async () => {
      for (const url of ["/admin", "/admin/", "/admin/updates", "/admin/updates-desktop?x=1"]) {
        const response = await app.inject({ url });
        expect(response.statusCode, url).toBe(200);
        expect(response.body).toBe(FALLBACK_HTML);
        expect(response.headers["x-robots-tag"]).toBe("noindex");
        expect(response.headers["cache-control"]).toBe("no-cache");
        expect(scriptSrc(response.headers["content-security-policy"] as string)).toEqual([
          "'self'",
          hash(FALLBACK_SCRIPT),
        ]);
      }
      const gzipped = await app.inject({
        url: "/admin/updates",
        headers: { "accept-encoding": "gzip" },
      });
      expect(gunzipSync(gzipped.rawPayload).toString()).toBe(FALLBACK_HTML);
    });

    it("answers unknown pages 404 with the client's error page", async () => {
      for (const url of ["/nope", "/about-desktop/extra", "/administrator", "/assets/missing.js"]) {
        const response = await app.inject({ url });
        expect(response.statusCode, url).toBe(404);
        expect(response.body).toBe(FALLBACK_HTML);
        expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
        expect(response.headers["cache-control"]).toBe("no-cache");
        expect(response.headers.etag).toBeUndefined();
        expect(scriptSrc(response.headers["content-security-policy"] as string)).toContain(
          hash(FALLBACK_SCRIPT),
        );
      }
    });

    it("answers unknown API paths with a JSON 404", async () => {
      for (const [method, url] of [
        ["GET", "/api/nope"],
        ["GET", "/api"],
        ["POST", "/api/nope"],
        ["DELETE", "/api/updates/x/y"],
      ] as const) {
        const response = await app.inject({ method, url });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
        expect(response.json()).toEqual(NOT_FOUND);
        expect(response.headers["content-security-policy"]).toBe(STRICT_CSP);
      }
    });

    it("answers other methods on pages with a JSON 404", async () => {
      for (const method of ["POST", "PUT", "DELETE"] as const) {
        const response = await app.inject({ method, url: "/about-desktop" });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(NOT_FOUND);
      }
    });

    it("never serves files outside the client directory or dot-files", async () => {
      await app.listen({ port: 0, host: "127.0.0.1" });
      for (const path of [
        "/../package.json",
        "/%2e%2e/package.json",
        "/%2E%2E/%2E%2E/package.json",
        "/assets/..%2f..%2fpackage.json",
        "/assets/../../package.json",
        "/..%5cpackage.json",
        "/.env",
        "//package.json",
      ]) {
        const response = await rawGet(app, path);
        expect(response.status, path).toBe(404);
        expect(response.body).not.toContain("secret");
      }
    });
  });

  describe("Content-Security-Policy", () => {
    it("lists exactly the hashes of the page's inline scripts", async () => {
      const response = await app.inject({ url: "/" });
      const expected = ["'self'", hash(INDEX_SCRIPTS[0] ?? ""), hash(INDEX_SCRIPTS[1] ?? "")];
      expect(scriptSrc(response.headers["content-security-policy"] as string)).toEqual(expected);

      const about = await app.inject({ url: "/about-desktop" });
      expect(scriptSrc(about.headers["content-security-policy"] as string)).toEqual([
        "'self'",
        hash(ABOUT_SCRIPT),
      ]);
    });

    it("never allows inline scripts wholesale and forbids framing", async () => {
      const response = await app.inject({ url: "/" });
      const csp = response.headers["content-security-policy"] as string;
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain("upgrade-insecure-requests");
    });
  });

  describe("security headers", () => {
    const expectCommon = (headers: Record<string, unknown>) => {
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["x-frame-options"]).toBe("DENY");
      expect(headers["permissions-policy"]).toBe(
        "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
      );
      expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
      expect(headers["strict-transport-security"]).toBeUndefined();
    };

    it("are on pages, assets, 404s and API responses", async () => {
      for (const url of [
        "/",
        "/assets/app-abc123.js",
        "/media/clip.mp4",
        "/nope",
        "/admin",
        "/api/nope",
      ]) {
        expectCommon((await app.inject({ url })).headers);
      }
      const api = await app.inject({ url: "/api/ping" });
      expect(api.json()).toEqual({ pong: true });
      expectCommon(api.headers);
      expect(api.headers["content-security-policy"]).toBe(STRICT_CSP);
    });

    it("are on errors too", async () => {
      const response = await app.inject({
        method: "POST",
        url: "/api/echo",
        headers: { "content-type": "application/json" },
        payload: "{bad",
      });
      expect(response.statusCode).toBe(400);
      expectCommon(response.headers);
      expect(response.headers["content-security-policy"]).toBe(STRICT_CSP);
    });
  });

  describe("HEAD", () => {
    it("sends the headers of GET without a body", async () => {
      const get = await app.inject({ url: "/", headers: { "accept-encoding": "br" } });
      const head = await app.inject({
        method: "HEAD",
        url: "/",
        headers: { "accept-encoding": "br" },
      });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe("");
      expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
      expect(head.headers.etag).toBe(get.headers.etag);
      expect(head.headers["content-encoding"]).toBe("br");
    });

    it("works for the fallback pages", async () => {
      const admin = await app.inject({ method: "HEAD", url: "/admin" });
      expect(admin.statusCode).toBe(200);
      expect(admin.body).toBe("");
      expect(admin.headers["content-length"]).toBe(String(Buffer.byteLength(FALLBACK_HTML)));
      const missing = await app.inject({ method: "HEAD", url: "/nope" });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toBe("");
    });
  });

  describe("Range on media", () => {
    const url = "/media/clip.mp4";

    it("advertises byte ranges and serves the whole file without Range", async () => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["accept-ranges"]).toBe("bytes");
      expect(response.headers["content-type"]).toBe("video/mp4");
      expect(response.rawPayload.equals(fixture.video)).toBe(true);
    });

    it("answers 206 with the requested bytes", async () => {
      const size = fixture.video.length;
      for (const [range, start, end] of [
        ["bytes=0-99", 0, 99],
        ["bytes=9000-", 9000, size - 1],
        ["bytes=-500", size - 500, size - 1],
        ["bytes=9990-20000", 9990, size - 1],
      ] as const) {
        const response = await app.inject({ url, headers: { range } });
        expect(response.statusCode, range).toBe(206);
        expect(response.headers["content-range"]).toBe(`bytes ${start}-${end}/${size}`);
        expect(response.headers["content-length"]).toBe(String(end - start + 1));
        expect(response.rawPayload.equals(fixture.video.subarray(start, end + 1))).toBe(true);
      }
    });

    it("answers 416 to a range past the end", async () => {
      const response = await app.inject({ url, headers: { range: "bytes=10000-" } });
      expect(response.statusCode).toBe(416);
      expect(response.headers["content-range"]).toBe(`bytes */${fixture.video.length}`);
    });

    it("serves the whole file for multiple ranges or a changed If-Range", async () => {
      const multi = await app.inject({ url, headers: { range: "bytes=0-1,5-6" } });
      expect(multi.statusCode).toBe(200);
      const changed = await app.inject({
        url,
        headers: { range: "bytes=0-1", "if-range": '"old"' },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.rawPayload.length).toBe(fixture.video.length);
      const etag = multi.headers.etag as string;
      const same = await app.inject({ url, headers: { range: "bytes=0-1", "if-range": etag } });
      expect(same.statusCode).toBe(206);
    });

    it("does not apply Range to other files", async () => {
      const response = await app.inject({
        url: "/assets/app-abc123.js",
        headers: { range: "bytes=0-9" },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["accept-ranges"]).toBeUndefined();
    });
  });
});
