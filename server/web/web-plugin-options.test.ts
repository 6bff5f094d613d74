import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STRICT_CSP } from "./csp.js";
import { ABOUT_HTML, createClientFixture, type Fixture } from "./test-fixture.js";
import { NOT_FOUND, buildApp } from "./test-web-app.js";
import { registerWeb, webPlugin } from "./web-plugin.js";

describe("webPlugin options and modes", () => {
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await createClientFixture();
  });
  afterAll(() => fixture.cleanup());

  it("adds HSTS and upgrade-insecure-requests for an https origin", async () => {
    const app = await buildApp({ clientDir: fixture.dir, publicOrigin: "https://example.org" });
    try {
      const page = await app.inject({ url: "/" });
      expect(page.headers["strict-transport-security"]).toBe("max-age=31536000");
      expect(page.headers["content-security-policy"]).toMatch(/; upgrade-insecure-requests$/);
      const api = await app.inject({ url: "/api/ping" });
      expect(api.headers["strict-transport-security"]).toBe("max-age=31536000");
    } finally {
      await app.close();
    }
  });

  it("serves only the API, with headers and JSON 404s, when the client build is missing", async () => {
    const warnings: string[] = [];
    const app = Fastify({
      logger: {
        level: "warn",
        stream: { write: (line: string) => void warnings.push(line) },
      },
    });
    app.get("/api/ping", async () => ({ pong: true }));
    await registerWeb(app, { clientDir: `${fixture.dir}/does-not-exist` });
    try {
      expect(warnings.join("")).toContain("client build not found");
      const api = await app.inject({ url: "/api/ping" });
      expect(api.headers["content-security-policy"]).toBe(STRICT_CSP);
      expect(api.headers["x-content-type-options"]).toBe("nosniff");
      for (const url of ["/", "/admin", "/api/nope"]) {
        const response = await app.inject({ url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual(NOT_FOUND);
        expect(response.headers["x-frame-options"]).toBe("DENY");
      }
    } finally {
      await app.close();
    }
  });

  it("leaves routes registered before it alone and copes with ignoreTrailingSlash", async () => {
    const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    app.get("/robots.txt", async () => "custom");
    await app.register(webPlugin, { clientDir: fixture.dir });
    try {
      expect((await app.inject({ url: "/robots.txt" })).body).toBe("custom");
      expect((await app.inject({ url: "/about-desktop/" })).body).toBe(ABOUT_HTML);
      expect((await app.inject({ url: "/about-desktop" })).body).toBe(ABOUT_HTML);
    } finally {
      await app.close();
    }
  });

  it("applies its headers to routes in encapsulated plugins", async () => {
    const app = Fastify();
    await app.register(webPlugin, { clientDir: fixture.dir });
    await app.register(
      async (api) => {
        api.get("/status", async () => ({ ok: true }));
      },
      { prefix: "/api" },
    );
    try {
      const response = await app.inject({ url: "/api/status" });
      expect(response.json()).toEqual({ ok: true });
      expect(response.headers["content-security-policy"]).toBe(STRICT_CSP);
    } finally {
      await app.close();
    }
  });
});
