import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  sessionCookieFrom,
  TEST_ORIGIN,
  TEST_EMAIL,
  TEST_PASSWORD,
  type TestApp,
} from "../test-support/test-app.js";

const json = { "content-type": "application/json", origin: TEST_ORIGIN };

describe("session API", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("reports the session state and logs out", async () => {
    const fresh = await t.login();
    const live = await t.app.inject({
      method: "GET",
      url: "/api/session",
      headers: { cookie: fresh },
    });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({
      admin: true,
      user: { id: expect.any(String), email: TEST_EMAIL, name: "Test Owner", role: "owner" },
      // A new owner: a second factor is due in 14 days (decision 032).
      secondFactor: { required: true, enrolled: false, dueAt: expect.any(String), overdue: false },
    });
    const out = await t.app.inject({
      method: "DELETE",
      url: "/api/session",
      headers: { origin: TEST_ORIGIN, cookie: fresh },
    });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === "sid")?.value).toBe("");
    const after = await t.app.inject({
      method: "GET",
      url: "/api/session",
      headers: { cookie: fresh },
    });
    expect(after.statusCode).toBe(401);
    const anonymous = await t.app.inject({ method: "GET", url: "/api/session" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("sets an HttpOnly, SameSite=Strict session cookie without Max-Age, a new id each login", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/session",
      headers: json,
      payload: { email: TEST_EMAIL, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(204);
    const header = String(response.headers["set-cookie"]);
    expect(header).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Strict");
    expect(header).toContain("Path=/");
    expect(header).not.toMatch(/Max-Age|Expires/i);
    expect(header).not.toContain("Secure");
    const second = await t.login();
    expect(second).not.toBe(sessionCookieFrom(response));
  });

  it("rejects a malformed login body with 400", async () => {
    for (const payload of [
      {},
      // A password alone no longer signs anyone in.
      { password: TEST_PASSWORD },
      { email: TEST_EMAIL, password: "" },
      { email: TEST_EMAIL, password: 42 },
      { email: "not an address", password: TEST_PASSWORD },
      { email: TEST_EMAIL, password: "x", extra: 1 },
    ]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/session",
        headers: json,
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe("login limits", () => {
  it("answers 401 'Incorrect password' five times, then 429 with Retry-After, per client", async () => {
    const t = await createTestApp();
    try {
      const attempt = (password: string, ip = "203.0.113.9") =>
        t.app.inject({
          method: "POST",
          url: "/api/session",
          headers: json,
          payload: { email: TEST_EMAIL, password },
          remoteAddress: ip,
        });
      for (let i = 0; i < 5; i += 1) {
        const response = await attempt("wrong");
        expect(response.statusCode).toBe(401);
        expect(response.json().error.message).toBe("Incorrect password");
      }
      const sixth = await attempt(TEST_PASSWORD);
      expect(sixth.statusCode).toBe(429);
      const retryAfter = Number(sixth.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(800);
      expect(retryAfter).toBeLessThanOrEqual(900);
      const other = await attempt(TEST_PASSWORD, "198.51.100.7");
      expect(other.statusCode).toBe(204);
    } finally {
      await t.close();
    }
  });
});

describe("session lifetime", () => {
  it("ends a session after 2 hours idle and 12 hours after login", async () => {
    let now = Date.parse("2025-06-01T08:00:00.000Z");
    const t = await createTestApp({ deps: { clock: () => now } });
    try {
      const check = (cookie: string) =>
        t.app.inject({ method: "GET", url: "/api/session", headers: { cookie } });
      const idle = await t.login();
      now += 2 * 60 * 60 * 1000 - 1000;
      expect((await check(idle)).statusCode).toBe(200);
      now += 2 * 60 * 60 * 1000;
      expect((await check(idle)).statusCode).toBe(401);

      const busy = await t.login();
      for (let hour = 1; hour < 12; hour += 1) {
        now += 60 * 60 * 1000;
        expect((await check(busy)).statusCode, `hour ${hour}`).toBe(200);
      }
      now += 60 * 60 * 1000;
      expect((await check(busy)).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe("over HTTPS", () => {
  it("uses the __Host- prefix and Secure, and checks Origin against PUBLIC_ORIGIN", async () => {
    const t = await createTestApp({ env: { PUBLIC_ORIGIN: "https://site.example" } });
    try {
      const login = await t.app.inject({
        method: "POST",
        url: "/api/session",
        headers: { "content-type": "application/json", origin: "https://site.example" },
        payload: { email: TEST_EMAIL, password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(204);
      const header = String(login.headers["set-cookie"]);
      expect(header).toMatch(/^__Host-sid=/);
      expect(header).toContain("Secure");
      const wrongOrigin = await t.app.inject({
        method: "POST",
        url: "/api/session",
        headers: { "content-type": "application/json", origin: "http://site.example" },
        payload: { email: TEST_EMAIL, password: TEST_PASSWORD },
      });
      expect(wrongOrigin.statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });
});
