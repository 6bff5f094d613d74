import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffRole } from "../../common/session-schemas.js";
import { STAFF_ROLES } from "../../common/staff-access.js";
import {
  cheapTestPasswordHash,
  createTestApp,
  seedAccount,
  TEST_ORIGIN,
  type TestApp,
} from "../test-support/test-app.js";
import { testDialects } from "../test-support/test-database.js";
import { defaultAccess, registerAccessControl } from "./access.js";

/** The fewest rights a route needs: anyone, or the lowest role allowed (roles above it too). */
type Needs = "anyone" | StaffRole;

/**
 * Who may call each /api route (docs/product.md 5.0 and 9), written out by hand: the test walks
 * the app's real routes, so a new route without a line here fails, and so does a route whose
 * check differs from this line.
 */
const EXPECTED: Readonly<Record<string, Needs>> = {
  "POST /api/session": "anyone",
  "GET /api/session": "contributor",
  "DELETE /api/session": "anyone",
  "POST /api/session/mfa": "anyone",
  "POST /api/session/passkey/options": "anyone",
  "POST /api/session/passkey": "anyone",
  "GET /api/setup/:token": "anyone",
  "POST /api/setup/:token": "anyone",
  "POST /api/contact": "anyone",
  "POST /api/sms/subscriptions": "anyone",
  "POST /api/sms/inbound": "anyone",
  "POST /api/sms/status": "anyone",
  "POST /api/texts": "editor",
  "GET /api/texts": "editor",
  "GET /api/texts/replies": "editor",
  "GET /api/texts/:id": "editor",
  "DELETE /api/texts/:id": "editor",
  "GET /api/texts/reminders/:eventId": "editor",
  "PUT /api/texts/reminders/:eventId": "editor",
  "GET /api/sms/settings": "administrator",
  "PUT /api/sms/settings": "administrator",
  "GET /api/updates/featured": "anyone",
  "GET /api/updates": "contributor",
  "POST /api/updates": "contributor",
  "PATCH /api/updates/:id": "contributor",
  "DELETE /api/updates/:id": "editor",
  "GET /api/admin/messages": "editor",
  "POST /api/admin/messages/:id/retry": "editor",
  "PATCH /api/admin/messages/:id": "editor",
  "GET /api/admin/sms/subscribers": "editor",
  "GET /api/admin/sms/subscribers/:id/history": "editor",
  "GET /api/admin/sms/subscribers.csv": "editor",
  "GET /api/admin/sms/consent-history.csv": "editor",
  "POST /api/media": "contributor",
  "GET /api/media": "contributor",
  "DELETE /api/media/:id": "editor",
  "GET /api/content": "contributor",
  "GET /api/content/problems": "contributor",
  "GET /api/content/:collection": "contributor",
  "GET /api/content/:collection/:id": "contributor",
  "POST /api/content/:collection": "contributor",
  "PUT /api/content/:collection/:id": "contributor",
  "GET /api/content/:collection/:id/revisions": "contributor",
  // Drafts are contributors' work: they may also throw one away.
  "POST /api/content/:collection/:id/draft/discard": "contributor",
  "PUT /api/content/:collection/order": "editor",
  "POST /api/content/:collection/:id/publish": "editor",
  "DELETE /api/content/:collection/:id/schedule": "editor",
  "DELETE /api/content/:collection/:id": "editor",
  "POST /api/content/:collection/:id/revisions/:revision/restore": "editor",
  "GET /api/staff/invitations": "administrator",
  "POST /api/staff/invitations": "administrator",
  "DELETE /api/staff/invitations/:id": "administrator",
  "GET /api/invitations/:token": "anyone",
  "POST /api/invitations/:token": "anyone",
  "POST /api/password-resets": "anyone",
  "GET /api/password-resets/:token": "anyone",
  "POST /api/password-resets/:token": "anyone",
  "GET /api/staff": "administrator",
  "PATCH /api/staff/:id": "administrator",
  "DELETE /api/staff/:id": "administrator",
  "PATCH /api/account": "contributor",
  "POST /api/account/password": "contributor",
  "POST /api/account/email": "contributor",
  "DELETE /api/account/sessions": "contributor",
  "GET /api/account/sessions": "contributor",
  "DELETE /api/account/sessions/:id": "contributor",
  "POST /api/account/sessions/end-others": "contributor",
  "GET /api/account/factors": "contributor",
  "POST /api/account/totp": "contributor",
  "POST /api/account/totp/confirm": "contributor",
  "DELETE /api/account/totp": "contributor",
  "POST /api/account/recovery-codes": "contributor",
  "POST /api/account/passkeys/options": "contributor",
  "POST /api/account/passkeys": "contributor",
  "DELETE /api/account/passkeys/:id": "contributor",
  "PUT /api/staff/factor-policy": "owner",
  "GET /api/audit": "administrator",
  "GET /api/audit.csv": "administrator",
  "GET /api/statistics": "editor",
  "GET /api/statistics.csv": "editor",
  "GET /api/redirects": "editor",
  "POST /api/redirects": "editor",
  "DELETE /api/redirects/:id": "editor",
};

/** Lowest first: a role may do what every role before it may. */
const RANK: readonly StaffRole[] = ["contributor", "editor", "administrator", "owner"];

function allows(needs: Needs, role: StaffRole | "anonymous"): boolean {
  if (needs === "anyone") return true;
  return role !== "anonymous" && RANK.indexOf(role) >= RANK.indexOf(needs);
}

const SAMPLE_PARAMS: Readonly<Record<string, string>> = {
  id: "00000000-0000-4000-8000-000000000000",
  collection: "about",
  token: "no-such-token",
  revision: "1",
};

function sampleUrl(pattern: string): string {
  return pattern.replace(/:([a-z]+)/g, (_match, name: string) => SAMPLE_PARAMS[name] ?? "x");
}

function parseBody(text: string): { error?: { code?: string; message?: string } } {
  try {
    return JSON.parse(text) as { error?: { code?: string; message?: string } };
  } catch {
    return {};
  }
}

const SESSION_ENDED = "Your session has ended; unlock the admin page again";

for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`every role × every /api route on ${dialect.name}`, () => {
    let t: TestApp;
    const cookies = new Map<StaffRole, string>();
    beforeAll(async () => {
      t = await createTestApp({ database: await dialect.create(), cheapPasswords: true });
      for (const role of STAFF_ROLES) {
        const email = `${role}@example.org`;
        if (role !== "owner") {
          await seedAccount(t.database.handle.db, {
            email,
            role,
            passwordHash: await cheapTestPasswordHash(),
          });
        }
        cookies.set(role, await t.login(role === "owner" ? undefined : email));
      }
    }, 60_000);
    afterAll(async () => {
      await t.close();
      await t.database.cleanup();
    });

    it("lists every route in the expected table, and nothing the app no longer has", () => {
      const walked = new Set(
        t.app.routeAccess.map(
          (route) => `${route.method === "HEAD" ? "GET" : route.method} ${route.url}`,
        ),
      );
      expect(
        [...walked].filter((key) => !(key in EXPECTED)),
        "routes without a line",
      ).toEqual([]);
      expect(
        Object.keys(EXPECTED).filter((key) => !walked.has(key)),
        "lines without a route",
      ).toEqual([]);
    });

    it("notes every staff change in the audit log (each route that is not a read names its action)", () => {
      const unaudited = t.app.routeAccess.filter(
        (route) =>
          route.access !== "public" &&
          !["GET", "HEAD"].includes(route.method) &&
          !route.audited &&
          // Signing in and out are noted by the handler itself (it knows who tried).
          route.url !== "/api/session",
      );
      expect(unaudited.map((route) => `${route.method} ${route.url}`)).toEqual([]);
    });

    it("answers 401 without a session, 403 to a role without the right, and lets the others in", async () => {
      const failures: string[] = [];
      for (const route of t.app.routeAccess) {
        const key = `${route.method === "HEAD" ? "GET" : route.method} ${route.url}`;
        const needs = EXPECTED[key] ?? "owner";
        // Signing out would end the session the next routes use: it is public, asked anonymously.
        const callers =
          needs === "anyone" ? (["anonymous"] as const) : (["anonymous", ...STAFF_ROLES] as const);
        for (const caller of callers) {
          const response = await t.app.inject({
            method: route.method as "GET",
            url: sampleUrl(route.url),
            headers: {
              origin: TEST_ORIGIN,
              "content-type": "application/json",
              ...(caller === "anonymous" ? {} : { cookie: cookies.get(caller)! }),
            },
            ...(route.method === "GET" || route.method === "HEAD" ? {} : { payload: "{}" }),
          });
          const body = parseBody(response.body);
          const refusedAs401 = response.statusCode === 401 && body.error?.message === SESSION_ENDED;
          const refusedAs403 = response.statusCode === 403 && body.error?.code === "forbidden";
          const headRefused = route.method === "HEAD" && [401, 403].includes(response.statusCode);
          const refused = refusedAs401 || refusedAs403 || headRefused;
          const expected = allows(needs, caller) ? "allowed" : caller === "anonymous" ? 401 : 403;
          const got = !refused ? "allowed" : response.statusCode;
          // Signing out everywhere ends the session the next routes use: sign in again.
          if (key === "DELETE /api/account/sessions" && caller !== "anonymous") {
            cookies.set(
              caller,
              await t.login(caller === "owner" ? undefined : `${caller}@example.org`),
            );
          }
          if (got !== expected)
            failures.push(
              `${caller} ${key}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 120)}`,
            );
        }
      }
      expect(failures).toEqual([]);
    }, 60_000);
  });
}

describe("routes that say nothing about access", () => {
  it("stop the start, naming the route", async () => {
    const app = Fastify();
    registerAccessControl(app, async () => {});
    app.register(async (scope) => {
      defaultAccess(scope, "drafts");
      scope.get("/api/declared", async () => "ok");
    });
    app.get("/api/forgotten", async () => "oops");
    app.get("/not-api", async () => "page");
    await expect(app.ready()).rejects.toThrow(/GET \/api\/forgotten/);
  });

  it("start when every /api route says, directly or through its scope", async () => {
    const app = Fastify();
    const routes = registerAccessControl(app, async () => {});
    app.register(async (scope) => {
      defaultAccess(scope, "drafts");
      scope.get("/api/declared", async () => "ok");
      scope.delete("/api/declared", { config: { access: "publishing" } }, async () => "ok");
    });
    app.post("/api/open", { config: { access: "public" } }, async () => "ok");
    await app.ready();
    expect(new Set(routes.map(({ method, url, access }) => ({ method, url, access })))).toEqual(
      new Set([
        { method: "GET", url: "/api/declared", access: "drafts" },
        // Fastify's own HEAD route of a GET is checked as the GET is.
        { method: "HEAD", url: "/api/declared", access: "drafts" },
        { method: "DELETE", url: "/api/declared", access: "publishing" },
        { method: "POST", url: "/api/open", access: "public" },
      ]),
    );
    await app.close();
  });
});
