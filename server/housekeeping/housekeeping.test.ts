import { randomUUID } from "node:crypto";
import pino from "pino";
import { createAccountRepository } from "../auth/account-repository.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSessionStore } from "../auth/session-store.js";
import { createTestApp } from "../test-support/test-app.js";
import {
  createSqliteTestDatabase,
  testDialects,
  type TestDatabase,
} from "../test-support/test-database.js";
import { createHousekeeping, SPAM_RETENTION_MS } from "./housekeeping.js";

const DAY = 24 * 60 * 60 * 1000;

for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`scheduled purges on ${dialect.name}`, () => {
    let database: TestDatabase;
    const now = Date.parse("2025-06-01T00:00:00.000Z");
    const iso = (ms: number) => new Date(ms).toISOString();

    beforeEach(async () => {
      database = await dialect.create();
    });
    afterEach(async () => {
      await database.cleanup();
    });

    function message(createdAt: number, spam: 0 | 1) {
      return {
        id: randomUUID(),
        first_name: "A",
        last_name: "B",
        email: "a@example.org",
        message: "m",
        created_at: iso(createdAt),
        delivery_status: "pending",
        spam,
        spam_reason: spam ? "honeypot" : null,
        attempts: 0,
        last_error: null,
        next_attempt_at: iso(createdAt),
        claimed_by: null,
        claim_expires_at: null,
        delivered_at: null,
      };
    }

    it("deletes expired sessions, old login failures and rate-limit rows, spam after 90 days, and audit entries after a year", async () => {
      const { db } = database.handle;
      const account = await createAccountRepository(db, () => now).create({
        email: "owner@example.org",
        name: "Owner",
        role: "owner",
        passwordHash: "scrypt$not-checked-here",
      });
      const session = { account_id: account.id, client_address: null, user_agent: null };
      await db
        .insertInto("admin_sessions")
        .values([
          {
            ...session,
            id_hash: "expired-idle",
            created_at: iso(now - 3 * 3600_000),
            last_seen_at: iso(now - 3 * 3600_000),
          },
          {
            ...session,
            id_hash: "live",
            created_at: iso(now - 60_000),
            last_seen_at: iso(now - 60_000),
          },
        ])
        .execute();
      await db
        .insertInto("login_failures")
        .values([
          { id: randomUUID(), client: "203.0.113.5", failed_at: iso(now - 16 * 60_000) },
          { id: randomUUID(), client: "203.0.113.5", failed_at: iso(now - 60_000) },
        ])
        .execute();
      await db
        .insertInto("rate_limit_hits")
        .values([
          { id: randomUUID(), scope: "sms", client: "203.0.113.5", hit_at: iso(now - 11 * 60_000) },
          { id: randomUUID(), scope: "sms", client: "203.0.113.5", hit_at: iso(now - 60_000) },
        ])
        .execute();
      const oldSpam = message(now - SPAM_RETENTION_MS - DAY, 1);
      const recentSpam = message(now - 10 * DAY, 1);
      const oldMessage = message(now - 400 * DAY, 0);
      await db.insertInto("contact_messages").values([oldSpam, recentSpam, oldMessage]).execute();
      const audit = (id: string, at: number) => ({
        id,
        at: iso(at),
        account_id: null,
        actor: "owner@example.org",
        action: "sign-in",
        target: null,
        detail: null,
        client_address: null,
      });
      await db
        .insertInto("audit_log")
        .values([audit("year-old", now - 366 * DAY), audit("recent", now - 364 * DAY)])
        .execute();

      // A lapsed second-step ticket and a live one (decision 032).
      const challenge = (id: string, expiresAt: number) => ({
        id_hash: id,
        purpose: "second-step" as const,
        account_id: null,
        challenge: null,
        created_at: iso(expiresAt - 5 * 60_000),
        expires_at: iso(expiresAt),
      });
      await db
        .insertInto("staff_auth_challenges")
        .values([challenge("lapsed", now - 1), challenge("pending", now + 60_000)])
        .execute();

      // Statistics keep 25 months of days in the site's zone: on 2025-05-31 in Los Angeles,
      // 2023-04-30 is the oldest day kept.
      await db
        .insertInto("statistics_daily")
        .values(
          ["2023-04-29", "2023-04-30"].map((day) => ({ day, kind: "site", name: "", views: 1 })),
        )
        .execute();

      const housekeeping = createHousekeeping({
        db,
        sessions: createSessionStore(db, () => now),
        clock: () => now,
        log: pino({ level: "silent" }),
        statistics: { retentionMonths: 25, timeZone: "America/Los_Angeles" },
      });
      expect(await housekeeping.runOnce()).toEqual({
        auditEntries: 1,
        loginFailures: 1,
        rateLimitHits: 1,
        spamMessages: 1,
        statisticsDays: 1,
      });
      expect(await db.selectFrom("statistics_daily").select("day").execute()).toEqual([
        { day: "2023-04-30" },
      ]);
      const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id).sort();
      expect(
        (await db.selectFrom("admin_sessions").select("id_hash").execute()).map((r) => r.id_hash),
      ).toEqual(["live"]);
      expect(await db.selectFrom("login_failures").select("id").execute()).toHaveLength(1);
      expect(
        (await db.selectFrom("staff_auth_challenges").select("id_hash").execute()).map(
          (row) => row.id_hash,
        ),
      ).toEqual(["pending"]);
      // The audit log keeps a year.
      expect(ids(await db.selectFrom("audit_log").select("id").execute())).toEqual(["recent"]);
      expect(await db.selectFrom("rate_limit_hits").select("id").execute()).toHaveLength(1);
      // Spam within 90 days stays for review; a real message is never purged, however old.
      expect(ids(await db.selectFrom("contact_messages").select("id").execute())).toEqual(
        [recentSpam.id, oldMessage.id].sort(),
      );
      // Idempotent: a second pass (or another instance's) finds nothing more.
      expect(await housekeeping.runOnce()).toEqual({
        auditEntries: 0,
        loginFailures: 0,
        rateLimitHits: 0,
        spamMessages: 0,
        statisticsDays: 0,
      });
    });
  });
}

describe("the purge schedule in the app", () => {
  it("runs once when the app is ready, then on its interval", async () => {
    const database = await createSqliteTestDatabase();
    const { db } = database.handle;
    let now = Date.parse("2025-06-01T00:00:00.000Z");
    const failure = (ms: number) => ({
      id: randomUUID(),
      client: "203.0.113.5",
      failed_at: new Date(ms).toISOString(),
    });
    await db
      .insertInto("login_failures")
      .values(failure(now - 16 * 60_000))
      .execute();
    const app = await createTestApp({
      database,
      deps: { clock: () => now, housekeeping: { enabled: true, intervalMs: 200 } },
    });
    try {
      await expect
        .poll(async () => (await db.selectFrom("login_failures").selectAll().execute()).length)
        .toBe(0);
      await db.insertInto("login_failures").values(failure(now)).execute();
      now += 16 * 60_000; // the failure leaves its window; the next pass removes it
      await expect
        .poll(async () => (await db.selectFrom("login_failures").selectAll().execute()).length)
        .toBe(0);
    } finally {
      await app.close();
      await database.cleanup();
    }
  });
});
