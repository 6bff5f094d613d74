import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { reusePreparedStatements } from "./reused-statements";

describe("reused prepared statements", () => {
  let sqlite: SQLite.Database | undefined;
  afterEach(() => sqlite?.close());

  const open = (limit?: number) => {
    sqlite = new SQLite(":memory:");
    sqlite.exec("create table t (n integer)");
    sqlite.prepare("insert into t values (1), (2), (3)").run();
    reusePreparedStatements(sqlite, limit);
    return sqlite;
  };

  it("hands back the statement already prepared for the same SQL, with fresh parameters", () => {
    const db = open();
    const first = db.prepare("select n from t where n >= ?");
    expect(first.all(2)).toEqual([{ n: 2 }, { n: 3 }]);
    const again = db.prepare("select n from t where n >= ?");
    expect(again).toBe(first);
    expect(again.all(3)).toEqual([{ n: 3 }]);
    expect(db.prepare("select n from t where n <= ?")).not.toBe(first);
  });

  it("prepares a new one while the kept one is busy iterating", () => {
    const db = open();
    const kept = db.prepare("select n from t order by n");
    const rows = kept.iterate();
    expect(rows.next().value).toEqual({ n: 1 });
    const other = db.prepare("select n from t order by n");
    expect(other).not.toBe(kept);
    expect(other.all()).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    rows.return?.();
    expect(db.prepare("select n from t order by n")).toBe(kept);
  });

  it("keeps only the most recently used statements", () => {
    const db = open(2);
    const a = db.prepare("select 1");
    const b = db.prepare("select 2");
    expect(db.prepare("select 1")).toBe(a);
    db.prepare("select 3"); // lets go of "select 2", the least recently used
    expect(db.prepare("select 1")).toBe(a);
    expect(db.prepare("select 2")).not.toBe(b);
  });

  it("still sees a table changed after its statement was kept", () => {
    const db = open();
    expect(db.prepare("select * from t limit 1").get()).toEqual({ n: 1 });
    db.exec("alter table t add column label text default 'x'");
    expect(db.prepare("select * from t limit 1").get()).toEqual({ n: 1, label: "x" });
  });
});
