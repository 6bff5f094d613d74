import { randomUUID } from "node:crypto";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { AppDeps } from "../app.js";
import { freePort } from "./free-port.js";
import { startFakeTwilio, type FakeTwilio } from "./fake-twilio.js";
import { createTestApp, TEST_EMAIL, TEST_PASSWORD, type TestApp } from "./test-app.js";
import type { TestDatabase } from "./test-database.js";

export const TWILIO_SID = `AC${"5".repeat(32)}`;
export const TWILIO_TOKEN = "twilio-auth-token-for-tests";
export const TWILIO_FROM = "+12065550199";

/** The settings of an app at `origin` sending through the fake Twilio at `fakeUrl`, fast. */
export function twilioTestEnv(origin: string, fakeUrl: string): Record<string, string> {
  return {
    PUBLIC_ORIGIN: origin,
    SMS_TRANSPORT: "twilio",
    TWILIO_ACCOUNT_SID: TWILIO_SID,
    TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
    TWILIO_FROM,
    TWILIO_API_URL: fakeUrl,
    SMS_SEND_RATE: "500",
    SMS_RATE_LIMIT: "0",
  };
}

/** The outbox workers polling and retrying within a test's patience. */
export const FAST_TEST_OUTBOX = {
  enabled: true,
  pollIntervalMs: 50,
  retryBaseMs: 50,
  retryMaxMs: 200,
  claimTtlMs: 5_000,
} as const;

/** Waits until `read` gives a value `done` accepts (the sender and reminders work in the background). */
export async function until<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  ms = 10_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

/** 12:00 in Los Angeles: within the default sending hours everywhere in the US. */
export const NOON_LOS_ANGELES = Date.parse("2026-12-02T20:00:00Z");

export interface TextsHarness {
  t: TestApp;
  fake: FakeTwilio;
  origin: string;
  /** A staff request with the session cookie and the right Origin. */
  call(
    method: InjectOptions["method"],
    url: string,
    payload?: unknown,
    cookie?: string,
  ): Promise<LightMyRequestResponse>;
  cookie: string;
  /** Subscribes numbers directly in the database (no confirmation), for large audiences. */
  seedSubscribers(phones: readonly string[], status?: "subscribed" | "unsubscribed"): Promise<void>;
  /** Moves the app's clock (past a session's life: sign in again). */
  advance(ms: number): void;
  signInAgain(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The app listening on loopback with SMS_TRANSPORT=twilio against the local fake of Twilio's
 * Messages API, its sender running fast, and its clock starting at `start` (noon in Los
 * Angeles unless told) and moving with real time.
 */
export async function startTextsHarness(
  options: {
    database?: TestDatabase;
    start?: number;
    reportStatuses?: boolean;
    deps?: Partial<AppDeps>;
    env?: Record<string, string>;
  } = {},
): Promise<TextsHarness> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let offset = (options.start ?? NOON_LOS_ANGELES) - Date.now();
  const fake = await startFakeTwilio({
    clock: () => Date.now() + offset,
    accountSid: TWILIO_SID,
    authToken: TWILIO_TOKEN,
    from: TWILIO_FROM,
    statusCallback: `${origin}/api/sms/status`,
    reportStatuses: options.reportStatuses ?? true,
  });
  const t = await createTestApp({
    cheapPasswords: true,
    ...(options.database ? { database: options.database } : {}),
    env: { ...twilioTestEnv(origin, fake.url), ...options.env },
    deps: {
      clock: () => Date.now() + offset,
      outbox: FAST_TEST_OUTBOX,
      ...options.deps,
    },
  });
  await t.app.listen({ port, host: "127.0.0.1" });
  const signIn = async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/session",
      headers: { origin, "content-type": "application/json" },
      payload: { email: TEST_EMAIL, password: TEST_PASSWORD },
    });
    return String(response.headers["set-cookie"]).split(";")[0]!;
  };
  let cookie = await signIn();
  const call: TextsHarness["call"] = (method, url, payload, asCookie = cookie) =>
    t.app.inject({
      method,
      url,
      headers: {
        origin,
        cookie: asCookie,
        ...(payload === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    t,
    fake,
    origin,
    call,
    get cookie() {
      return cookie;
    },
    async seedSubscribers(phones, status = "subscribed") {
      const at = new Date(Date.now() + offset).toISOString();
      const rows = phones.map((phone) => ({
        id: randomUUID(),
        phone,
        status,
        consent_text: "test consent",
        consent_version: "test",
        consented_at: at,
        source: "/sms-opt-in",
        client_address: null,
        user_agent: null,
        created_at: at,
        unsubscribed_at: status === "unsubscribed" ? at : null,
        updated_at: at,
      }));
      for (let i = 0; i < rows.length; i += 500) {
        await t.database.handle.db
          .insertInto("sms_subscribers")
          .values(rows.slice(i, i + 500))
          .execute();
      }
    },
    advance(ms) {
      offset += ms;
    },
    async signInAgain() {
      cookie = await signIn();
    },
    async close() {
      // The fake first: it waits for its status reports, which need the app.
      await fake.close();
      await t.close();
    },
  };
}

/** `count` distinct numbers in Seattle's 206 area code (555 exchange). */
export function seattleNumbers(count: number, first = 0): string[] {
  return Array.from(
    { length: count },
    (_, index) => `+1206555${String(first + index).padStart(4, "0")}`,
  );
}
