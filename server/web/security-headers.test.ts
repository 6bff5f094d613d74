import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { STRICT_CSP } from "./csp.js";
import { isHttpsOrigin, registerSecurityHeaders, securityHeaders } from "./security-headers.js";

describe("securityHeaders", () => {
  it("sets the fixed headers, and HSTS only for an https origin", () => {
    const plain = securityHeaders({ publicOrigin: "http://localhost:3000" });
    expect(plain).toEqual({
      "content-security-policy": STRICT_CSP,
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-frame-options": "DENY",
      "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
      "cross-origin-opener-policy": "same-origin",
    });
    expect(securityHeaders({})["strict-transport-security"]).toBeUndefined();
    expect(
      securityHeaders({ publicOrigin: "https://example.org" })["strict-transport-security"],
    ).toBe("max-age=31536000");
  });

  it("recognises https origins", () => {
    expect(isHttpsOrigin("https://example.org")).toBe(true);
    expect(isHttpsOrigin("http://example.org")).toBe(false);
    expect(isHttpsOrigin("not a url")).toBe(false);
    expect(isHttpsOrigin(undefined)).toBe(false);
  });
});

describe("registerSecurityHeaders", () => {
  it("adds the headers to routes, errors and 404s", async () => {
    const app = Fastify();
    registerSecurityHeaders(app, {});
    app.get("/ok", async () => ({ ok: true }));
    app.get("/boom", async () => {
      throw new Error("boom");
    });
    try {
      for (const url of ["/ok", "/boom", "/missing"]) {
        const response = await app.inject({ url });
        expect(response.headers["content-security-policy"], url).toBe(STRICT_CSP);
        expect(response.headers["x-content-type-options"], url).toBe("nosniff");
        expect(response.headers["x-frame-options"], url).toBe("DENY");
      }
    } finally {
      await app.close();
    }
  });
});
