import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Kysely } from "kysely";
import type { StaffRole } from "../../common/session-schemas.js";
import { createAccountRepository, EmailTakenError } from "../auth/account-repository.js";
import { buildApp, type AppDeps } from "../app.js";
import { hashPassword } from "../auth/password.js";
import type { Database } from "../db/schema.js";
import { loadConfig } from "../config.js";
import { createSqliteTestDatabase, type TestDatabase } from "./test-database.js";

export const TEST_PASSWORD = "correct horse battery staple";
/** The test owner's address (example.org is reserved for examples). */
export const TEST_EMAIL = "owner@example.org";
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

/**
 * An active account with `password` (TEST_PASSWORD hashed at full cost unless a hash is given);
 * an account with the address already there is kept, so instances sharing a database agree.
 */
export async function seedAccount(
  db: Kysely<Database>,
  account: { email?: string; name?: string; role?: StaffRole; passwordHash?: string } = {},
): Promise<void> {
  try {
    await createAccountRepository(db, Date.now).create({
      email: account.email ?? TEST_EMAIL,
      name: account.name ?? "Test Owner",
      role: account.role ?? "owner",
      passwordHash: account.passwordHash ?? (await testPasswordHash()),
    });
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** Signs in (as the test owner unless told) and returns the Cookie header value. */
  login(email?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    database?: TestDatabase;
    env?: Record<string, string>;
    deps?: Partial<AppDeps>;
    /**
     * The owner's password hashed at scrypt N=2^14, and new hashes as cheap (tests that check
     * many passwords, where the cost itself is not what is tested).
     */
    cheapPasswords?: boolean;
    /** Seeds the test owner (TEST_EMAIL, TEST_PASSWORD); true unless told. */
    seedOwner?: boolean;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createSqliteTestDatabase());
  const config = loadConfig({ LOG_LEVEL: "silent", ...options.env });
  if (options.seedOwner !== false) {
    await seedAccount(database.handle.db, {
      passwordHash: options.cheapPasswords
        ? await cheapTestPasswordHash()
        : await testPasswordHash(),
    });
  }
  const app = await buildApp({
    config,
    database: database.handle,
    ...(options.cheapPasswords ? { passwordCost: 14 } : {}),
    ...options.deps,
  });
  await app.ready();
  return {
    app,
    database,
    async login(email = TEST_EMAIL, password = TEST_PASSWORD) {
      const response = await app.inject({
        method: "POST",
        url: "/api/session",
        headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
        payload: { email, password },
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
