import { afterEach, describe, expect, it } from "vitest";
import { databaseMigratedTo, testDialects } from "../../test-support/test-database.js";
import { migrateToLatest } from "../database.js";
import { migrations } from "./index.js";
import * as reminderTimes from "./019-reminder-times.js";

const before019 = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "019"));

/**
 * 019 adds a reminder's own moment to the texts: an upgraded database keeps its texts (their
 * `remind_at` is null), and running the migration twice changes nothing.
 */
for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`019 reminder times on ${dialect.name}`, () => {
    let upgrade: Awaited<ReturnType<typeof databaseMigratedTo>> | undefined;
    afterEach(async () => {
      await upgrade?.cleanup();
      upgrade = undefined;
    });

    it("upgrades a database with texts, and tolerates running again", async () => {
      upgrade = await databaseMigratedTo(dialect, before019);
      const { first } = upgrade;
      const text = {
        id: "t1",
        kind: "staff",
        body: "Hello",
        segments: 1,
        created_at: "2026-11-01T00:00:00.000Z",
        created_by: null,
        send_at: "2026-11-01T00:00:00.000Z",
        any_hour: 0,
        state: "begun",
        cancelled_at: null,
        event_id: null,
        reminder_key: null,
      };
      await first.db
        .insertInto("sms_texts")
        .values(text as never)
        .execute();
      await migrateToLatest(first);
      await reminderTimes.up(first.db as never);
      const stored = await first.db.selectFrom("sms_texts").selectAll().execute();
      expect(stored).toEqual([{ ...text, remind_at: null }]);
      // A reminder keeps its moment; still one text per session.
      const reminder = {
        ...text,
        id: "t2",
        kind: "reminder",
        event_id: "e1",
        reminder_key: "e1|2026-12-05T02:00:00.000Z",
        remind_at: "2026-12-04T02:00:00.000Z",
      };
      await first.db.insertInto("sms_texts").values(reminder).execute();
      await expect(
        first.db
          .insertInto("sms_texts")
          .values({ ...reminder, id: "t3" })
          .execute(),
      ).rejects.toThrow();
    });
  });
}
