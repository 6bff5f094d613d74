import type { FastifyInstance } from "fastify";
import { type TestBuild, createTestBuild } from "../render/test-build.js";
import {
  TEST_EMAIL,
  TEST_PASSWORD,
  type TestApp,
  createTestApp,
  sessionCookieFrom,
} from "../test-support/test-app.js";
import type { TestDatabase } from "../test-support/test-database.js";
import type { Fixture } from "../web/test-fixture.js";

// Test helper: an app on the hand-written test build (server/render/test-build.ts) with the
// About page's two widths, and requests as a browser sends them, for the statistics and
// redirects tests.

export const ORIGIN = "http://www.example.test";
export const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
export const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
/** 10:00 in Los Angeles on 2026-11-20. */
export const START = Date.parse("2026-11-20T18:00:00Z");

/**
 * The test build with the two widths of the About page added, and /publications, an address
 * that only sends the visitor on to a page at their width.
 */
function buildWithAbout(): TestBuild {
  const testBuild = createTestBuild();
  const routes = testBuild.build.routes as Record<string, { id: string; path?: string }>;
  for (const path of ["about-desktop", "about-mobile", "publications"]) {
    routes[`routes/${path}`] = { ...routes["routes/page"]!, id: `routes/${path}`, path };
  }
  return testBuild;
}

export async function startCountingApp(
  fixture: Fixture,
  database: TestDatabase,
  clock: () => number,
  options: { seedOwner?: boolean; env?: Record<string, string> } = {},
): Promise<TestApp> {
  return createTestApp({
    database,
    cheapPasswords: true,
    ...(options.seedOwner === false ? { seedOwner: false } : {}),
    env: { PUBLIC_ORIGIN: ORIGIN, ...options.env },
    deps: { clientDir: fixture.dir, serverBuild: buildWithAbout().build, clock },
  });
}

export function visit(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string | undefined> = {},
  remoteAddress = "203.0.113.7",
  method: "GET" | "HEAD" | "POST" = "GET",
) {
  const { "user-agent": userAgent = BROWSER, ...rest } = headers;
  return app.inject({
    method,
    url,
    remoteAddress,
    headers: { ...(userAgent === "" ? {} : { "user-agent": userAgent }), ...rest } as Record<
      string,
      string
    >,
  });
}

/** Signs the test owner in from the site's origin; returns the Cookie header value. */
export async function signIn(app: FastifyInstance, email = TEST_EMAIL): Promise<string> {
  return sessionCookieFrom(
    await app.inject({
      method: "POST",
      url: "/api/session",
      headers: { origin: ORIGIN, "content-type": "application/json" },
      payload: { email, password: TEST_PASSWORD },
    }),
  );
}
