import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { firstVariantOf, registerFirstVariantRedirect } from "./first-variant.js";

const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36";
const DESKTOP =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

describe("firstVariantOf", () => {
  it("follows Sec-CH-UA-Mobile first, then a browser's User-Agent, else says nothing", () => {
    expect(firstVariantOf({ "sec-ch-ua-mobile": "?1", "user-agent": DESKTOP })).toBe("mobile");
    expect(firstVariantOf({ "sec-ch-ua-mobile": "?0", "user-agent": PHONE })).toBe("desktop");
    expect(firstVariantOf({ "user-agent": PHONE })).toBe("mobile");
    expect(firstVariantOf({ "user-agent": DESKTOP })).toBe("desktop");
    expect(firstVariantOf({ "user-agent": "curl/8.5.0" })).toBeUndefined();
    expect(firstVariantOf({})).toBeUndefined();
  });
});

describe("registerFirstVariantRedirect", () => {
  async function app() {
    const server = Fastify();
    registerFirstVariantRedirect(server);
    for (const path of ["/", "/home-mobile", "/home-desktop", "/publications"]) {
      server.get(path, async () => `page ${path}`);
    }
    await server.ready();
    return server;
  }

  it("redirects / by the hint, keeping the query, varying on the headers it read", async () => {
    const server = await app();
    const phone = await server.inject({ url: "/?utm=x", headers: { "sec-ch-ua-mobile": "?1" } });
    expect(phone.statusCode).toBe(302);
    expect(phone.headers.location).toBe("/home-mobile?utm=x");
    expect(phone.headers.vary).toBe("Sec-CH-UA-Mobile, User-Agent");
    expect(phone.headers["cache-control"]).toBe("private, no-cache");
    const desktop = await server.inject({ url: "/", headers: { "user-agent": DESKTOP } });
    expect(desktop.headers.location).toBe("/home-desktop");
    // Without a hint: the width-rule page, as before.
    expect((await server.inject({ url: "/", headers: { "user-agent": "" } })).statusCode).toBe(200);
    await server.close();
  });

  it("never redirects another path, so no loop is possible", async () => {
    const server = await app();
    for (const url of ["/home-mobile", "/home-desktop", "/publications"]) {
      for (const headers of [{ "sec-ch-ua-mobile": "?1" }, { "sec-ch-ua-mobile": "?0" }]) {
        expect((await server.inject({ url, headers })).statusCode).toBe(200);
      }
    }
    const post = await server.inject({
      method: "POST",
      url: "/",
      headers: { "sec-ch-ua-mobile": "?1" },
    });
    expect(post.statusCode).toBe(404);
    await server.close();
  });
});

describe("in the whole app", () => {
  it("the redirect of / carries the security headers like every answer", async () => {
    const { mkdtempSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { createTestApp } = await import("../test-support/test-app.js");
    const dir = mkdtempSync(join(tmpdir(), "first-variant-"));
    const testApp = await createTestApp({ deps: { clientDir: dir } });
    try {
      const response = await testApp.app.inject({
        url: "/",
        headers: { "sec-ch-ua-mobile": "?1" },
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe("/home-mobile");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["content-security-policy"]).toBeTruthy();
    } finally {
      await testApp.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
