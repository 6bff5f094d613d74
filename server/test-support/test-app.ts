import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildApp, type AppDeps } from "../app.js";
import { hashPassword } from "../auth/password.js";
import { loadConfig } from "../config.js";
import { createSqliteTestDatabase, type TestDatabase } from "./test-database.js";

export const TEST_PASSWORD = "correct horse battery staple";
export const TEST_ORIGIN = "http://localhost";

let cachedHash: Promise<string> | undefined;
/** Hashing at full strength takes a moment; one hash serves a whole test file. */
export function testPasswordHash(): Promise<string> {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  return cachedHash;
}

let cheapHash: Promise<string> | undefined;
/**
 * TEST_PASSWORD hashed at scrypt N=2^14 (16 MiB, several times faster than the real cost): for
 * tests that check many passwords, where the cost itself is not what is tested.
 */
export function cheapTestPasswordHash(): Promise<string> {
  cheapHash ??= hashPassword(TEST_PASSWORD, 14);
  return cheapHash;
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** Logs in and returns the Cookie header value for later requests. */
  login(): Promise<string>;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    database?: TestDatabase;
    env?: Record<string, string>;
    deps?: Partial<AppDeps>;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createSqliteTestDatabase());
  const config = loadConfig({ LOG_LEVEL: "silent", ...options.env });
  const app = await buildApp({
    config,
    database: database.handle,
    passwordHash: await testPasswordHash(),
    ...options.deps,
  });
  await app.ready();
  return {
    app,
    database,
    async login() {
      const response = await app.inject({
        method: "POST",
        url: "/api/session",
        headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
        payload: { password: TEST_PASSWORD },
      });
      if (response.statusCode !== 204)
        throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      return sessionCookieFrom(response);
    },
    async close() {
      await app.close();
      if (!options.database) await database.cleanup();
    },
  };
}

/** `name=value` of the session cookie a response set. */
export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === "sid" || c.name === "__Host-sid");
  if (!cookie) throw new Error("no session cookie set");
  return `${cookie.name}=${cookie.value}`;
}
