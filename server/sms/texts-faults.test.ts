import { randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, withDefaultPostgresUser } from "../db/database.js";
import { freePort } from "../test-support/free-port.js";
import { startFakeTwilio } from "../test-support/fake-twilio.js";
import {
  startServerProcess,
  waitUntilReady,
  type ServerProcess,
} from "../test-support/server-process.js";
import { postgresUnavailableReason, TEST_POSTGRES_URL } from "../test-support/test-database.js";
import {
  seattleNumbers,
  TWILIO_FROM,
  TWILIO_SID,
  TWILIO_TOKEN,
} from "../test-support/texts-harness.js";
import { createTextsRepository } from "./texts-repository.js";

/**
 * Design 13's fault test, on real server processes: two instances on one PostgreSQL send one
 * text to 200 subscribers through the fake Twilio, one is killed with SIGKILL in the middle
 * (requests in flight at the provider), then started again. Every subscriber gets the text
 * exactly once; the numbers opted out before it began get nothing.
 */

const postgresReason = await postgresUnavailableReason();
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function postgresDatabase(): Promise<string> {
  const name = `site_texts_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: withDefaultPostgresUser(TEST_POSTGRES_URL) });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: withDefaultPostgresUser(TEST_POSTGRES_URL) });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  const url = new URL(withDefaultPostgresUser(TEST_POSTGRES_URL));
  url.pathname = `/${name}`;
  return url.toString();
}

function start(port: number, env: Record<string, string>): ServerProcess {
  const server = startServerProcess({ port, env });
  cleanups.push(() => {
    server.child.kill("SIGKILL");
  });
  return server;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("texts survive a SIGKILL with two instances on one PostgreSQL", () => {
  it.skipIf(postgresReason !== null)(
    "each of 200 subscribers gets the text exactly once, none of the opted-out",
    async () => {
      const databaseUrl = await postgresDatabase();
      const [portA, portB] = [await freePort(), await freePort()];
      const origin = `http://127.0.0.1:${portA}`;
      const fake = await startFakeTwilio({
        accountSid: TWILIO_SID,
        authToken: TWILIO_TOKEN,
        from: TWILIO_FROM,
        statusCallback: `${origin}/api/sms/status`,
        reportStatuses: false,
      });
      cleanups.push(() => fake.close());
      // Each hand-over takes a while at the provider: the kill finds some in flight.
      fake.delayMs = 80;
      const env = {
        DATABASE_URL: databaseUrl,
        PUBLIC_ORIGIN: origin,
        SMS_TRANSPORT: "twilio",
        TWILIO_ACCOUNT_SID: TWILIO_SID,
        TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
        TWILIO_FROM,
        TWILIO_API_URL: fake.url,
        SMS_SEND_RATE: "40",
        ADMIN_PASSWORD: "a fault-test admin password",
      };
      let a = start(portA, env);
      await waitUntilReady(a);
      const b = start(portB, env);
      await waitUntilReady(b);

      const handle = openDatabase(databaseUrl);
      cleanups.push(() => handle.close());
      const subscribed = seattleNumbers(200, 1000);
      const optedOut = seattleNumbers(20, 2000);
      const at = new Date().toISOString();
      const rows = [...subscribed, ...optedOut].map((phone) => ({
        id: randomUUID(),
        phone,
        status: optedOut.includes(phone) ? "unsubscribed" : "subscribed",
        consent_text: "test consent",
        consent_version: "test",
        consented_at: at,
        source: "/sms-opt-in",
        client_address: null,
        user_agent: null,
        created_at: at,
        unsubscribed_at: optedOut.includes(phone) ? at : null,
        updated_at: at,
      }));
      await handle.db.insertInto("sms_subscribers").values(rows).execute();
      // The whole day open, whatever hour the test runs at.
      await handle.db
        .insertInto("sms_settings")
        .values({ id: "sms", send_from: "00:00", send_to: "23:59", updated_at: at })
        .execute();
      const texts = createTextsRepository(handle.db, "postgres", Date.now, "America/Los_Angeles");
      const body = "Commons Learning Design: the workshop starts at 6. Reply STOP to opt out";
      const text = await texts.create({
        kind: "staff",
        body,
        segments: 1,
        createdBy: null,
        sendAt: Date.now(),
      });
      expect(text.recipients).toBe(200);

      for (let i = 0; i < 600 && fake.messages.length < 50; i += 1) await sleep(20);
      const inFlightAtKill = fake.requests - fake.messages.length;
      a.child.kill("SIGKILL");
      await a.exited;
      const acceptedAtKill = fake.messages.length;
      a = start(portA, env);
      await waitUntilReady(a);

      // A killed instance's claims lapse after 30 s; then the others finish its rows.
      const deadline = Date.now() + 90_000;
      const pending = async () =>
        Number(
          (
            await handle.db
              .selectFrom("sms_recipients")
              .select((eb) => eb.fn.countAll<string>().as("count"))
              .where("text_id", "=", text.id)
              .where("delivery_status", "=", "pending")
              .executeTakeFirstOrThrow()
          ).count,
        );
      while ((await pending()) > 0 && Date.now() < deadline) await sleep(250);

      const counts = new Map<string, number>();
      for (const message of fake.messages)
        counts.set(message.to, (counts.get(message.to) ?? 0) + 1);
      const duplicates = [...counts.values()].filter((count) => count > 1).length;
      const missing = subscribed.filter((phone) => !counts.has(phone)).length;
      console.info(
        `[fault] texts, SIGKILL mid-send with two instances: subscribers 200, accepted at the kill ${acceptedAtKill}, ` +
          `in flight at the kill ${inFlightAtKill}, messages ${fake.messages.length}, duplicates ${duplicates}, missing ${missing}`,
      );
      expect(await pending()).toBe(0);
      expect(duplicates).toBe(0);
      expect(missing).toBe(0);
      expect(optedOut.filter((phone) => counts.has(phone))).toEqual([]);
      expect(fake.messages.every((message) => message.body === body)).toBe(true);
    },
    180_000,
  );
});
