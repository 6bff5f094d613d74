import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./csp.js";
import {
  CACHE_HTML,
  CACHE_IMMUTABLE,
  CACHE_PUBLIC,
  buildEntry,
  cacheControlFor,
  representation,
  urlPathsFor,
} from "./static-entries.js";

const html = Buffer.from("<html><script>boot()</script></html>");

describe("urlPathsFor", () => {
  it("maps index.html files to their folder with and without the slash", () => {
    expect(urlPathsFor("index.html")).toEqual(["/index.html", "/"]);
    expect(urlPathsFor("about-desktop/index.html")).toEqual([
      "/about-desktop/index.html",
      "/about-desktop",
      "/about-desktop/",
    ]);
    expect(urlPathsFor("assets/a.js")).toEqual(["/assets/a.js"]);
  });
});

describe("cacheControlFor", () => {
  it("revalidates HTML, keeps hashed assets for a year and other files for an hour", () => {
    expect(cacheControlFor("index.html", "text/html; charset=utf-8")).toBe(CACHE_HTML);
    expect(cacheControlFor("currents-of-care.ics.data", "text/x-script")).toBe(CACHE_HTML);
    expect(cacheControlFor("currents-of-care.ics", "text/calendar; charset=utf-8")).toBe(
      CACHE_PUBLIC,
    );
    expect(cacheControlFor("assets/a-123.js", "text/javascript; charset=utf-8")).toBe(
      CACHE_IMMUTABLE,
    );
    expect(cacheControlFor("islands/assets/start-1a2b.js", "text/javascript")).toBe(
      CACHE_IMMUTABLE,
    );
    expect(cacheControlFor("islands/entry.js", "text/javascript")).toBe(CACHE_PUBLIC);
    expect(cacheControlFor("images/a.png", "image/png")).toBe(CACHE_PUBLIC);
  });
});

describe("buildEntry", () => {
  it("precomputes headers per coding with distinct strong ETags", () => {
    const entry = buildEntry(
      { relativePath: "index.html", body: html, br: Buffer.from("b"), gzip: Buffer.from("gz") },
      { https: false },
    );
    const identity = representation(entry, "identity");
    const br = representation(entry, "br");
    const gzip = representation(entry, "gzip");
    expect(identity.etag).toMatch(/^"[\w-]{27}"$/);
    expect(br.etag).toBe(identity.etag.replace(/"$/, '-br"'));
    expect(gzip.etag).toBe(identity.etag.replace(/"$/, '-gz"'));
    expect(gzip.headers).toMatchObject({
      "content-type": "text/html; charset=utf-8",
      "content-length": "2",
      "content-encoding": "gzip",
      "cache-control": "no-cache",
      vary: "Accept-Encoding",
      etag: gzip.etag,
    });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.headers["content-security-policy"]).toContain(
      `script-src 'self' ${inlineScriptHashes(html.toString()).join(" ")};`,
    );
    expect(identity.notModifiedHeaders).toEqual({
      "cache-control": "no-cache",
      etag: identity.etag,
      vary: "Accept-Encoding",
      "content-security-policy": identity.headers["content-security-policy"],
    });
  });

  it("omits Vary without compressed forms and advertises ranges for media", () => {
    const entry = buildEntry(
      { relativePath: "v/clip.webm", body: Buffer.alloc(10) },
      { https: false },
    );
    expect(entry.ranges).toBe(true);
    expect(entry.identity.headers).toMatchObject({
      "accept-ranges": "bytes",
      "content-type": "video/webm",
    });
    expect(entry.identity.headers.vary).toBeUndefined();
    expect(representation(entry, "br")).toBe(entry.identity);
  });

  it("supports error pages without validators and with extra headers", () => {
    const entry = buildEntry(
      { relativePath: "__spa-fallback.html", body: html },
      { https: true, etag: false, extraHeaders: { "x-robots-tag": "noindex" } },
    );
    expect(entry.identity.etag).toBe("");
    expect(entry.identity.headers.etag).toBeUndefined();
    expect(entry.identity.headers["x-robots-tag"]).toBe("noindex");
    expect(entry.identity.headers["content-security-policy"]).toContain(
      "upgrade-insecure-requests",
    );
  });
});
