import { afterEach, describe, expect, it } from "vitest";
import { databaseMigratedTo, testDialects } from "../../test-support/test-database.js";
import { migrateToLatest } from "../database.js";
import { migrations } from "./index.js";
import * as texts from "./015-texts.js";

const before015 = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "015"));

/**
 * 015 adds the texts' tables and how an opt-out came: an upgraded database keeps its consent
 * history (the old events read `how` as null), and running the migration twice changes nothing.
 */
for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`015 texts on ${dialect.name}`, () => {
    let upgrade: Awaited<ReturnType<typeof databaseMigratedTo>> | undefined;
    afterEach(async () => {
      await upgrade?.cleanup();
      upgrade = undefined;
    });

    it("upgrades a database with a consent history, and tolerates running again", async () => {
      upgrade = await databaseMigratedTo(dialect, before015);
      const { first } = upgrade;
      await first.db
        .insertInto("sms_consent_events")
        .values({
          id: "old-event",
          phone: "+12065550100",
          kind: "stop",
          channel: "sms",
          occurred_at: "2026-01-01T00:00:00.000Z",
          status_after: "none",
          consent_text: null,
          consent_version: null,
          source: null,
          client_address: null,
          user_agent: null,
        } as never)
        .execute();
      await migrateToLatest(first);
      await texts.up(first.db as never);
      const event = await first.db
        .selectFrom("sms_consent_events")
        .select(["id", "how"])
        .executeTakeFirstOrThrow();
      expect(event).toEqual({ id: "old-event", how: null });
      for (const table of [
        "sms_texts",
        "sms_recipients",
        "sms_replies",
        "sms_settings",
        "sms_event_reminders",
        "sms_early_reports",
      ] as const) {
        expect(await first.db.selectFrom(table).selectAll().execute(), table).toEqual([]);
      }
      // One row per number per text, whoever stores it.
      const recipient = {
        id: "t1:+12065550100",
        text_id: "t1",
        phone: "+12065550100",
        status: "queued",
        status_at: "2026-01-01T00:00:00.000Z",
        next_attempt_at: "2026-01-01T00:00:00.000Z",
        delivery_status: "pending",
        attempts: 0,
      };
      await first.db.insertInto("sms_recipients").values(recipient).execute();
      await expect(
        first.db.insertInto("sms_recipients").values(recipient).execute(),
      ).rejects.toThrow();
    });
  });
}
