import { sql, type Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { databaseMigratedTo, testDialects } from "../../test-support/test-database.js";
import { migrateToLatest } from "../database.js";
import * as foundation from "./001-foundation.js";
import * as contactAndSms from "./002-contact-and-sms.js";
import type { Database } from "../schema.js";

/**
 * Upgrading a database that holds data, from two instances at once: 003 (consent history,
 * shared rate-limit log) must keep every row and write each history row exactly once, and
 * 005 (media) must give both engines tables that keep bytes as they were written.
 * shared rate-limit log) must keep every row and write each history row exactly once, and 004
 * (site content) must create its tables and its single version row once.
 */
for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`migrations on ${dialect.name}`, () => {
    let upgrade: Awaited<ReturnType<typeof databaseMigratedTo>> | undefined;
    afterEach(async () => {
      await upgrade?.cleanup();
    });

    async function seed(db: Kysely<Database>) {
      const base = {
        consent_text: "I agree",
        consent_version: "2025-01",
        source: "/sms-opt-in",
        client_address: "203.0.113.5",
        user_agent: "UA",
        created_at: "2025-01-01T00:00:00.000Z",
        updated_at: "2025-01-02T00:00:00.000Z",
      };
      await db
        .insertInto("sms_subscribers")
        .values([
          {
            ...base,
            id: "11111111-1111-4111-8111-111111111111",
            phone: "+12065550100",
            status: "subscribed",
            consented_at: "2025-01-01T00:00:00.000Z",
            unsubscribed_at: null,
          },
          {
            ...base,
            id: "22222222-2222-4222-8222-222222222222",
            phone: "+12065550101",
            status: "unsubscribed",
            consented_at: "2025-01-01T00:00:00.000Z",
            unsubscribed_at: "2025-01-02T00:00:00.000Z",
          },
        ])
        .execute();
    }

    it("two instances upgrading at once keep every row and write the history once", async () => {
      upgrade = await databaseMigratedTo(dialect, {
        "001-foundation": foundation,
        "002-contact-and-sms": contactAndSms,
      });
      const { first, second } = upgrade;
      await seed(first.db);

      await Promise.all([migrateToLatest(first), migrateToLatest(second)]);

      const subscribers = await first.db
        .selectFrom("sms_subscribers")
        .select(["phone", "status", "unsubscribed_at"])
        .orderBy("phone")
        .execute();
      expect(subscribers).toEqual([
        { phone: "+12065550100", status: "subscribed", unsubscribed_at: null },
        {
          phone: "+12065550101",
          status: "unsubscribed",
          unsubscribed_at: "2025-01-02T00:00:00.000Z",
        },
      ]);
      const history = await first.db
        .selectFrom("sms_consent_events")
        .select(["phone", "kind", "channel", "occurred_at", "status_after", "consent_version"])
        .orderBy("phone")
        .orderBy("occurred_at")
        .execute();
      expect(history).toEqual([
        {
          phone: "+12065550100",
          kind: "opt_in",
          channel: "web",
          occurred_at: "2025-01-01T00:00:00.000Z",
          status_after: "subscribed",
          consent_version: "2025-01",
        },
        {
          phone: "+12065550101",
          kind: "opt_in",
          channel: "web",
          occurred_at: "2025-01-01T00:00:00.000Z",
          status_after: "subscribed",
          consent_version: "2025-01",
        },
        {
          phone: "+12065550101",
          kind: "stop",
          channel: "sms",
          occurred_at: "2025-01-02T00:00:00.000Z",
          status_after: "unsubscribed",
          consent_version: null,
        },
      ]);
      // Running again changes nothing.
      await migrateToLatest(first);
      expect(await first.db.selectFrom("sms_consent_events").select("id").execute()).toHaveLength(
        3,
      );
      // 005's media tables hold bytes unchanged on both engines (a blob on SQLite, bytea on
      // PostgreSQL), and an image's files go with it.
      const bytes = Buffer.from([0, 1, 2, 0xff, 0x00, 0x7f, 0x80, 0xfe]);
      await first.db
        .insertInto("media")
        .values({
          id: "33333333-3333-4333-8333-333333333333",
          hash: "ab".repeat(32),
          format: "png",
          width: 2,
          height: 1,
          alt: "Two pixels",
          decorative: 0,
          created_at: "2025-01-01T00:00:00.000Z",
        })
        .execute();
      await first.db
        .insertInto("media_files")
        .values({
          name: "abababababababab-2.png",
          media_id: "33333333-3333-4333-8333-333333333333",
          format: "png",
          width: 2,
          height: 1,
          bytes: bytes.length,
          data: bytes,
        })
        .execute();
      const file = await second.db
        .selectFrom("media_files")
        .select("data")
        .executeTakeFirstOrThrow();
      expect(Buffer.compare(Buffer.from(file.data), bytes)).toBe(0);
      if (dialect.name === "sqlite") {
        const { rows } = await sql<{
          kind: string;
        }>`select typeof(data) as kind from media_files`.execute(first.db);
        expect(rows).toEqual([{ kind: "blob" }]);
      }
      await first.db.deleteFrom("media").execute();
      expect(await first.db.selectFrom("media_files").select("name").execute()).toEqual([]);

      await first.db
        .insertInto("rate_limit_hits")
        .values({
          id: "x",
          scope: "sms",
          client: "203.0.113.5",
          hit_at: "2025-01-01T00:00:00.000Z",
        })
        .execute();

      // 004: the content tables, with the one version row (written once by the two runs).
      expect(await first.db.selectFrom("content_state").selectAll().execute()).toEqual([
        { id: 1, version: 1 },
      ]);
      expect(await first.db.selectFrom("content_entries").select("id").execute()).toEqual([]);
      await expect(
        first.db.insertInto("content_state").values({ id: 2, version: 1 }).execute(),
      ).rejects.toThrow();
      await expect(
        first.db
          .insertInto("content_revisions")
          .values({
            entry_id: "no-such-entry",
            revision: 1,
            data: "{}",
            published_at: "2025-01-01T00:00:00.000Z",
            kind: "seed",
            restored_from: null,
          })
          .execute(),
      ).rejects.toThrow();
    });
  });
}
