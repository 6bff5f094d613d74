import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createSqliteTestDatabase } from "../test-support/test-database.js";

describe("SQLite durability", () => {
  it("runs WAL with synchronous=FULL, so an acknowledged write survives power loss", async () => {
    const database = await createSqliteTestDatabase();
    try {
      const db = database.handle.db;
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
      expect(mode.rows[0]?.journal_mode).toBe("wal");
      // 2 is FULL (0 OFF, 1 NORMAL, 3 EXTRA).
      const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
      expect(sync.rows[0]?.synchronous).toBe(2);
    } finally {
      await database.cleanup();
    }
  });
});
