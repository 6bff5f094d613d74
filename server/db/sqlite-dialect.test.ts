import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./database.js";
import { lockWaitingSqliteDialect } from "./sqlite-dialect.js";

/**
 * Another connection on the same file holds the write lock (as the texts' sender thread or a
 * second worker does): the app's statements wait for it on a timer, never asleep in SQLite.
 */
describe("SQLite waits for another connection's write lock", () => {
  let dir: string;
  let file: string;
  let other: SQLite.Database;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "sqlite-lock-"));
    file = path.join(dir, "site.db");
    other = new SQLite(file, { timeout: 0 });
    other.pragma("journal_mode = WAL");
    other.exec("create table notes (body text not null)");
  });
  afterEach(() => {
    other.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const count = () => (other.prepare("select count(*) as n from notes").get() as { n: number }).n;

  it("serves the event loop while it waits, then writes once the lock is free", async () => {
    const database = openDatabase(`sqlite:${file}`);
    try {
      await sql`select 1`.execute(database.db);
      other.exec("begin immediate");
      other.exec("insert into notes values ('held')");

      const alone = sql`insert into notes values ('alone')`.execute(database.db);
      const inTransaction = database.db
        .transaction()
        .execute((trx) => sql`insert into notes values ('in a transaction')`.execute(trx));
      // Both wait; meanwhile timers keep firing (asleep in SQLite, none would, and the commit
      // below, itself on a timer, would never come: both writes would fail after 5 s).
      let ticks = 0;
      const ticking = setInterval(() => (ticks += 1), 5);
      await new Promise((done) => setTimeout(done, 200));
      clearInterval(ticking);
      expect(ticks).toBeGreaterThanOrEqual(10);
      expect(count()).toBe(1); // the holder's own row only

      other.exec("commit");
      await Promise.all([alone, inTransaction]);
      expect(count()).toBe(3);
    } finally {
      await database.close();
    }
  });

  it("fails with SQLITE_BUSY once its wait is over, having written nothing", async () => {
    const db = new Kysely<Record<string, never>>({
      dialect: lockWaitingSqliteDialect(async () => new SQLite(file), { lockWaitMs: 150 }),
    });
    try {
      other.exec("begin immediate");
      const started = Date.now();
      await expect(sql`insert into notes values ('late')`.execute(db)).rejects.toMatchObject({
        code: "SQLITE_BUSY",
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
      await expect(
        db.transaction().execute((trx) => sql`insert into notes values ('late')`.execute(trx)),
      ).rejects.toMatchObject({ code: "SQLITE_BUSY" });
      other.exec("commit");
      expect(count()).toBe(0);
    } finally {
      await db.destroy();
    }
  });

  it("takes the write lock when a transaction begins, so one that reads first is never refused midway", async () => {
    const database = openDatabase(`sqlite:${file}`);
    try {
      await database.db.transaction().execute(async (trx) => {
        await sql`select count(*) from notes`.execute(trx);
        // Deferred, the transaction would hold no lock yet and this write would go in first,
        // and the transaction's own write below would then be refused (SQLITE_BUSY_SNAPSHOT).
        expect(() => other.exec("insert into notes values ('other')")).toThrow(/locked|busy/i);
        await sql`insert into notes values ('mine')`.execute(trx);
      });
      expect(count()).toBe(1);
    } finally {
      await database.close();
    }
  });
});
