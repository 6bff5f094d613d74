import { connect, type Socket } from "node:net";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../test-support/test-app.js";
import { loadConfig } from "../config.js";

// Every answer the app can give carries the security headers, errors before routing included;
// slow clients are cut off; requests for other hosts are refused (docs/decisions/026).

const json = { "content-type": "application/json" };
const sameSite = { ...json, origin: TEST_ORIGIN };

function expectSecurityHeaders(
  response: { headers: Record<string, unknown>; statusCode: number },
  what: string,
) {
  const label = `${what} (${response.statusCode})`;
  expect(response.headers["content-security-policy"], label).toMatch(/frame-ancestors 'none'/);
  expect(response.headers["x-content-type-options"], label).toBe("nosniff");
  expect(response.headers["x-frame-options"], label).toBe("DENY");
  expect(response.headers["referrer-policy"], label).toBeTruthy();
}

describe("security headers on every status", () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({
      env: { CONTACT_RATE_LIMIT: "1" },
      deps: {
        // A failing dependency gives GET /api/media a 500.
        mediaUsage: {
          usedIn: () => Promise.reject(new Error("usage lookup failed")),
        } as never,
      },
    });
    cookie = await t.login();
  });
  afterAll(() => t.close());

  it("walks every status the app answers with", async () => {
    const longId = "a".repeat(500);
    const cases: Array<{
      status: number;
      what: string;
      request: InjectOptions;
    }> = [
      { status: 200, what: "health", request: { url: "/healthz" } },
      {
        status: 400,
        what: "bad JSON",
        request: { method: "POST", url: "/api/contact", headers: sameSite, payload: "{" },
      },
      { status: 400, what: "bad URL under /api", request: { url: "/api/updates/%E0%A4%A" } },
      { status: 400, what: "bad URL of a page", request: { url: "/about/%E0%A4%A" } },
      { status: 401, what: "content API without a session", request: { url: "/api/content" } },
      {
        status: 403,
        what: "origin check",
        request: {
          method: "POST",
          url: "/api/contact",
          headers: { ...json, origin: "https://evil.example" },
          payload: {},
        },
      },
      { status: 404, what: "unknown API path", request: { url: "/api/nothing-here" } },
      { status: 404, what: "unknown page", request: { url: "/nothing-here" } },
      {
        status: 413,
        what: "body too large",
        request: {
          method: "POST",
          url: "/api/contact",
          headers: sameSite,
          payload: JSON.stringify({ message: "x".repeat(20_000) }),
        },
      },
      {
        status: 414,
        what: "over-long path parameter",
        request: { url: `/api/content/${longId}`, headers: { cookie } },
      },
      {
        status: 415,
        what: "not JSON",
        request: {
          method: "POST",
          url: "/api/contact",
          headers: { origin: TEST_ORIGIN, "content-type": "text/xml" },
          payload: "<a/>",
        },
      },
      {
        status: 421,
        what: "unknown host",
        request: { url: "/api/updates/featured", headers: { host: "evil.example" } },
      },
      {
        status: 500,
        what: "unexpected failure",
        request: { url: "/api/media", headers: { cookie } },
      },
    ];
    for (const { status, what, request } of cases) {
      const response = await t.app.inject(request);
      expect(response.statusCode, what).toBe(status);
      expectSecurityHeaders(response, what);
    }
    // 429: the second contact message within the minute (CONTACT_RATE_LIMIT=1).
    const message = { firstName: "Sam", email: "sam@example.org", message: "Hello there" };
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/contact",
        headers: sameSite,
        payload: message,
      });
      statuses.push(response.statusCode);
      expectSecurityHeaders(response, "contact limit");
    }
    expect(statuses).toContain(429);
  });

  it("answers errors before routing as the app does, never echoing the path", async () => {
    const api = await t.app.inject({ url: "/api/updates/%E0%A4%A<b>x</b>" });
    expect(api.statusCode).toBe(400);
    expect(api.headers["content-type"]).toMatch(/^application\/json/);
    expect(api.json()).toMatchObject({ error: { code: "bad_url" } });
    expect(api.body).not.toContain("%E0");
    expect(api.body).not.toContain("<b>");

    const page = await t.app.inject({ url: "/about/%E0%A4%A<script>x</script>" });
    expect(page.statusCode).toBe(400);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).not.toContain("<script");
    expect(page.body).not.toContain("%E0");

    const long = await t.app.inject({
      url: `/api/content/${"b".repeat(500)}`,
      headers: { cookie },
    });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ error: { code: "url_too_long" } });
    expect(long.body).not.toContain("bbbb");
  });
});

describe("hosts (PUBLIC_ORIGIN unset)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CONTACT_RATE_LIMIT: "0" } });
  });
  afterAll(() => t.close());

  it("refuses a request for another host instead of trusting its Host for the Origin check", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { ...json, host: "evil.example", origin: "http://evil.example" },
      payload: { firstName: "Sam", email: "sam@example.org", message: "Hello there" },
    });
    expect(response.statusCode).toBe(421);
    const rows = await t.database.handle.db.selectFrom("contact_messages").selectAll().execute();
    expect(rows).toHaveLength(0);
    // Loopback names are served; monitors may ask /healthz by address.
    for (const host of ["localhost:3000", "127.0.0.1", "[::1]:3000"]) {
      expect(
        (await t.app.inject({ url: "/api/updates/featured", headers: { host } })).statusCode,
      ).toBe(200);
    }
    expect(
      (await t.app.inject({ url: "/healthz", headers: { host: "10.0.0.5:3000" } })).statusCode,
    ).toBe(200);
  });

  it("serves PUBLIC_ORIGIN's host and ALLOWED_HOSTS", async () => {
    const other = await createTestApp({
      env: {
        PUBLIC_ORIGIN: "https://www.example.org",
        ALLOWED_HOSTS: "example.org, Alt.Example.net",
      },
    });
    try {
      for (const host of ["www.example.org", "example.org:443", "alt.example.net"]) {
        const response = await other.app.inject({
          url: "/api/updates/featured",
          headers: { host },
        });
        expect(response.statusCode, host).toBe(200);
      }
      const refused = await other.app.inject({
        url: "/api/updates/featured",
        headers: { host: "evil.example" },
      });
      expect(refused.statusCode).toBe(421);
    } finally {
      await other.close();
    }
  });

  it("with TRUST_PROXY believes X-Forwarded-Host only from a listed proxy, only for an allowed host", async () => {
    const proxied = await createTestApp({
      env: { PUBLIC_ORIGIN: "https://www.example.org", TRUST_PROXY: "10.0.0.1" },
    });
    const PROXY = "10.0.0.1";
    const status = async (remoteAddress: string, host: string, forwardedHost?: string) =>
      (
        await proxied.app.inject({
          url: "/api/updates/featured",
          headers: { host, ...(forwardedHost ? { "x-forwarded-host": forwardedHost } : {}) },
          remoteAddress,
        })
      ).statusCode;
    try {
      // Through the proxy, for the site: answered, whatever a client wrote before the last entry.
      expect(await status(PROXY, "www.example.org", "www.example.org")).toBe(200);
      expect(await status(PROXY, "www.example.org", "evil.example, www.example.org")).toBe(200);
      expect(await status(PROXY, "www.example.org")).toBe(200);
      // A host the site does not serve, in either header, is refused.
      expect(await status(PROXY, "www.example.org", "evil.example")).toBe(421);
      // A rebinding name passed on by the proxy with an allowed X-Forwarded-Host: refused.
      expect(await status(PROXY, "rebound.example", "localhost")).toBe(421);
      expect(await status(PROXY, "rebound.example", "www.example.org")).toBe(421);
      // From anyone but the proxy the header is not believed at all.
      expect(await status("203.0.113.9", "rebound.example", "www.example.org")).toBe(421);
      expect(await status("203.0.113.9", "www.example.org", "evil.example")).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it("will not start in production on an outside address without PUBLIC_ORIGIN or ALLOWED_HOSTS", () => {
    expect(() => loadConfig({ NODE_ENV: "production", HOST: "0.0.0.0" })).toThrow(
      /PUBLIC_ORIGIN.*ALLOWED_HOSTS/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: "production", HOST: "0.0.0.0", ALLOWED_HOSTS: "a.example" }),
    ).not.toThrow();
    expect(() =>
      loadConfig({ NODE_ENV: "production", HOST: "0.0.0.0", PUBLIC_ORIGIN: "https://a.example" }),
    ).not.toThrow();
    // `npm start` as it comes listens on loopback only, and development keeps its default.
    expect(() => loadConfig({ NODE_ENV: "production" })).not.toThrow();
    expect(() => loadConfig({ NODE_ENV: "development", HOST: "0.0.0.0" })).not.toThrow();
    expect(() => loadConfig({ ALLOWED_HOSTS: "https://a.example" })).toThrow(/ALLOWED_HOSTS/);
  });
});

/** Opens a loopback connection and resolves once it is open. */
function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: "127.0.0.1" }, () => resolve(socket));
    socket.once("error", reject);
  });
}

/** Resolves once the server closed the socket, or with false after `ms`. */
function closedWithin(socket: Socket, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (socket.destroyed || socket.readableEnded) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    const done = () => {
      clearTimeout(timer);
      resolve(true);
    };
    socket.once("close", done);
    socket.once("end", done);
    socket.on("data", () => undefined);
    socket.on("error", () => undefined);
  });
}

describe("slow clients", () => {
  const CONNECTIONS = 20;
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({
      env: { CONTACT_RATE_LIMIT: "0" },
      // Short limits so the test does not wait 30 s; the mechanism is the one production uses.
      deps: { timeouts: { headersMs: 1_000, bodyMs: 1_000, checkIntervalMs: 250 } },
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  async function healthy(): Promise<void> {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(response.status).toBe(200);
  }

  it.each([
    [
      "half a declared body",
      (socket: Socket) => {
        socket.write(
          `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nOrigin: ${TEST_ORIGIN}\r\nContent-Type: application/json\r\nContent-Length: 16384\r\n\r\n`,
        );
        socket.write(`{"message":"${"x".repeat(8_000)}`);
      },
    ],
    [
      "headers that never end",
      (socket: Socket) => {
        socket.write("GET / HTTP/1.1\r\nHost: localhost\r\n");
        // One more header line every 200 ms keeps the connection busy, never complete.
        const drip = setInterval(() => {
          if (socket.destroyed) clearInterval(drip);
          else socket.write(`X-Slow-${Date.now()}: 1\r\n`);
        }, 200);
        socket.once("close", () => clearInterval(drip));
      },
    ],
  ])(
    "closes connections that send %s, and stays responsive",
    async (_name, send) => {
      const sockets = await Promise.all(Array.from({ length: CONNECTIONS }, () => open(port)));
      const closed = sockets.map((socket) => closedWithin(socket, 15_000));
      for (const socket of sockets) send(socket);
      await healthy();
      const results = await Promise.all(closed);
      await healthy();
      for (const socket of sockets) socket.destroy();
      expect(results.filter(Boolean)).toHaveLength(CONNECTIONS);
    },
    30_000,
  );
});
