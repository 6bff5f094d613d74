import { afterEach, describe, expect, it } from "vitest";
import { testDialects, type TestDatabase } from "../test-support/test-database.js";
import { createGroupCommit } from "./group-commit.js";

for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`group commit on ${dialect.name}`, () => {
    let database: TestDatabase | undefined;
    afterEach(async () => {
      await database?.cleanup();
      database = undefined;
    });

    const setting = (id: string) => ({
      id,
      send_from: "09:00",
      send_to: "20:00",
      updated_at: "2026-01-01T00:00:00.000Z",
    });

    it("runs writes that arrive together in one transaction; each caller gets its result after the commit", async () => {
      database = await dialect.create();
      const db = database.handle.db;
      const group = createGroupCommit(db, { waitMs: 20 });
      const results = await Promise.all(
        ["a", "b", "c"].map((id) =>
          group.run(async (trx) => {
            await trx.insertInto("sms_settings").values(setting(id)).execute();
            return id.toUpperCase();
          }),
        ),
      );
      expect(results).toEqual(["A", "B", "C"]);
      const rows = await db.selectFrom("sms_settings").select("id").orderBy("id").execute();
      expect(rows.map((row) => row.id)).toEqual(["a", "b", "c"]);
    });

    it("a failed write fails its whole batch and leaves nothing of it; later batches go on", async () => {
      database = await dialect.create();
      const db = database.handle.db;
      const group = createGroupCommit(db, { waitMs: 20 });
      const first = group.run((trx) =>
        trx.insertInto("sms_settings").values(setting("x")).execute(),
      );
      const clash = group.run((trx) =>
        trx.insertInto("sms_settings").values(setting("x")).execute(),
      );
      await expect(first).rejects.toThrow();
      await expect(clash).rejects.toThrow();
      expect(await db.selectFrom("sms_settings").selectAll().execute()).toEqual([]);
      await group.run((trx) => trx.insertInto("sms_settings").values(setting("y")).execute());
      expect((await db.selectFrom("sms_settings").select("id").execute()).map((r) => r.id)).toEqual(
        ["y"],
      );
    });
  });
}
