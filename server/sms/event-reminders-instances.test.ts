import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import type { EventReminder } from "../../common/event-reminders.js";
import { withDefaultPostgresUser } from "../db/database.js";
import { freePort } from "../test-support/free-port.js";
import { startFakeTwilio, type FakeTwilio } from "../test-support/fake-twilio.js";
import {
  createTestApp,
  TEST_EMAIL,
  TEST_PASSWORD,
  type TestApp,
} from "../test-support/test-app.js";
import {
  createPostgresTestDatabase,
  postgresUnavailableReason,
  TEST_POSTGRES_URL,
  type TestDatabase,
} from "../test-support/test-database.js";
import {
  FAST_TEST_OUTBOX,
  NOON_LOS_ANGELES,
  seattleNumbers,
  TWILIO_FROM,
  TWILIO_SID,
  TWILIO_TOKEN,
  twilioTestEnv,
} from "../test-support/texts-harness.js";

/**
 * Two app instances on one PostgreSQL database both bring an event's reminders in step and both
 * run the sender, against one fake Twilio (docs/decisions/048): each subscribed number gets each
 * session's reminder once, an opted-out number none. The two passes are made to meet: a test
 * transaction holds `sms_texts` in SHARE mode (reads go on, writes wait) while the event is
 * published, so both instances read "no reminder yet" and both wait to store theirs; only the
 * unique `reminder_key` then keeps the second from storing a second reminder per session. Both
 * senders poll every 50 ms while each hand-over takes 20 ms at the fake, so only the claims
 * (`claimDueRows`) keep them from handing one recipient over twice.
 */

const postgresReason = await postgresUnavailableReason();
if (postgresReason) console.warn(`[skipped] reminders from two instances: ${postgresReason}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A session starting Friday 4 December 2026 at 18:00 in Los Angeles, and Saturday at 10:00. */
const SESSIONS = [
  { start: "2026-12-04T18:00:00-08:00", end: "2026-12-04T20:00:00-08:00" },
  { start: "2026-12-05T10:00:00-08:00", end: "2026-12-05T12:00:00-08:00" },
];

describe.skipIf(postgresReason !== null)(
  "event reminders from two instances on one PostgreSQL",
  () => {
    it("each subscribed number gets each session's reminder exactly once, the opted-out none", async () => {
      const database: TestDatabase = await createPostgresTestDatabase();
      cleanups.push(() => database.cleanup());
      const origin = `http://127.0.0.1:${await freePort()}`;
      // One clock for both instances and the fake: noon in Los Angeles, moving with real time.
      let offset = NOON_LOS_ANGELES - Date.now();
      const clock = () => Date.now() + offset;
      const fake: FakeTwilio = await startFakeTwilio({
        clock,
        accountSid: TWILIO_SID,
        authToken: TWILIO_TOKEN,
        from: TWILIO_FROM,
        statusCallback: `${origin}/api/sms/status`,
        reportStatuses: false,
      });
      cleanups.push(() => fake.close());
      // Hand-overs take a while, so both senders poll while the other's rows are in flight.
      fake.delayMs = 20;

      const instance = async (db: TestDatabase): Promise<TestApp> => {
        const t = await createTestApp({
          cheapPasswords: true,
          database: db,
          env: twilioTestEnv(origin, fake.url),
          deps: { clock, outbox: FAST_TEST_OUTBOX },
        });
        cleanups.push(() => t.close());
        return t;
      };
      const a = await instance(database);
      await instance({ ...database, handle: database.openAnother() });

      const signIn = await a.app.inject({
        method: "POST",
        url: "/api/session",
        headers: { origin, "content-type": "application/json" },
        payload: { email: TEST_EMAIL, password: TEST_PASSWORD },
      });
      const cookie = String(signIn.headers["set-cookie"]).split(";")[0]!;
      const call = async (method: "GET" | "POST" | "PUT", url: string, payload?: object) => {
        const response = await a.app.inject({
          method,
          url,
          headers: {
            origin,
            cookie,
            ...(payload ? { "content-type": "application/json" } : {}),
          },
          ...(payload ? { payload } : {}),
        });
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
        return response.json() as Record<string, unknown>;
      };

      const subscribed = seattleNumbers(30, 100);
      const optedOut = seattleNumbers(5, 200);
      const at = new Date(clock()).toISOString();
      await database.handle.db
        .insertInto("sms_subscribers")
        .values(
          [...subscribed, ...optedOut].map((phone) => {
            const out = optedOut.includes(phone);
            return {
              id: `subscriber-${phone}`,
              phone,
              status: out ? "unsubscribed" : "subscribed",
              consent_text: "test consent",
              consent_version: "test",
              consented_at: at,
              source: "/sms-opt-in",
              client_address: null,
              user_agent: null,
              created_at: at,
              unsubscribed_at: out ? at : null,
              updated_at: at,
            };
          }),
        )
        .execute();

      const data = {
        slug: "river-walk",
        status: "scheduled",
        title: "River Walk",
        timezone: "America/Los_Angeles",
        sessions: SESSIONS,
        location: { name: "Cedar Hall" },
      };
      const { id, version } = (await call("POST", "/api/content/events", { data })) as {
        id: string;
        version: number;
      };
      // On before the event is published: nothing to store yet.
      await call("PUT", `/api/texts/reminders/${id}`, { enabled: true, lead: "1d", body: null });

      // Writes to sms_texts wait while this transaction holds it; reads go on.
      const locker = new pg.Client({
        connectionString: withDefaultPostgresUser(TEST_POSTGRES_URL),
      });
      await locker.connect();
      cleanups.push(() => locker.end());
      await locker.query("begin");
      await locker.query(`lock table ${database.schema!}.sms_texts in share mode`);

      // Published on A: A brings the reminders in step at once, B when the change reaches it.
      await call("POST", `/api/content/events/${id}/publish`, { version });
      /** Writes to sms_texts waiting for the lock (an insert asks for ROW EXCLUSIVE). */
      const waitingWrites = async () =>
        Number(
          (
            await locker.query(
              "select count(*) as count from pg_locks where relation = $1::regclass" +
                " and mode = 'RowExclusiveLock' and not granted",
              [`${database.schema!}.sms_texts`],
            )
          ).rows[0].count,
        );
      const deadline = Date.now() + 15_000;
      while ((await waitingWrites()) < 2 && Date.now() < deadline) await sleep(20);
      // Both instances read "no reminder yet" and wait to store theirs.
      expect(await waitingWrites()).toBe(2);
      await locker.query("commit");

      const view = async () =>
        (await call("GET", `/api/texts/reminders/${id}`)) as unknown as EventReminder;
      for (let i = 0; i < 100 && (await view()).reminders.length < 2; i += 1) await sleep(50);
      const stored = await database.handle.db
        .selectFrom("sms_texts")
        .select(["reminder_key", "state"])
        .where("event_id", "=", id)
        .orderBy("reminder_key")
        .execute();
      expect(stored).toEqual([
        { reminder_key: `${id}|2026-12-05T02:00:00.000Z`, state: "scheduled" },
        { reminder_key: `${id}|2026-12-05T18:00:00.000Z`, state: "scheduled" },
      ]);

      // Just before each reminder's moment (a day before its session), both senders run.
      const words = (day: string, time: string) =>
        `Commons Learning Design: Reminder: River Walk, ${day}, ${time}, at Cedar Hall. ${origin}/events/river-walk Reply STOP to opt out`;
      const friday = words("Friday, December 4, 2026", "6:00-8:00 PM");
      const saturday = words("Saturday, December 5, 2026", "10:00 AM-12:00 PM");
      offset += Date.parse("2026-12-03T17:59:59.500-08:00") - clock();
      await fake.waitFor(subscribed.length, 20_000);
      offset += Date.parse("2026-12-04T09:59:59.500-08:00") - clock();
      await fake.waitFor(2 * subscribed.length, 20_000);
      // Long enough for a second hand-over of any recipient to have reached the fake.
      await sleep(1_000);

      const got = new Map<string, number>();
      for (const message of fake.messages) {
        const key = `${message.to} ${message.body}`;
        got.set(key, (got.get(key) ?? 0) + 1);
      }
      const want = subscribed.flatMap((phone) => [`${phone} ${friday}`, `${phone} ${saturday}`]);
      expect([...got.keys()].sort()).toEqual(want.sort());
      expect([...got.values()].filter((count) => count !== 1)).toEqual([]);
      expect(fake.messages.filter((message) => optedOut.includes(message.to))).toEqual([]);
      expect(fake.messages).toHaveLength(2 * subscribed.length);
    }, 90_000);
  },
);
