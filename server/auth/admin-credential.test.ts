import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSqliteTestDatabase, type TestDatabase } from "../test-support/test-database.js";
import { resolveAdminPasswordHash } from "./admin-credential.js";
import { verifyPassword } from "./password.js";

describe("resolveAdminPasswordHash", () => {
  let database: TestDatabase;
  const log = { warn: vi.fn() };

  beforeEach(async () => {
    database = await createSqliteTestDatabase();
  });
  afterEach(async () => {
    await database.cleanup();
  });

  it("uses ADMIN_PASSWORD_HASH as given, and hashes ADMIN_PASSWORD without storing it", async () => {
    expect(
      await resolveAdminPasswordHash(database.handle.db, { ADMIN_PASSWORD_HASH: "scrypt$x" }, log),
    ).toBe("scrypt$x");
    const hash = await resolveAdminPasswordHash(
      database.handle.db,
      { ADMIN_PASSWORD: "chosen password" },
      log,
    );
    expect(await verifyPassword("chosen password", hash)).toBe(true);
    expect(await database.handle.db.selectFrom("app_settings").selectAll().execute()).toEqual([]);
  });

  it("generates a password once, prints it once and stores only its hash", async () => {
    const printed: string[] = [];
    const print = (text: string) => printed.push(text);
    const first = await resolveAdminPasswordHash(database.handle.db, {}, log, print);
    const second = await resolveAdminPasswordHash(database.handle.db, {}, log, print);
    expect(second).toBe(first);
    expect(printed).toHaveLength(1);
    const password = /Admin password \(shown once, only its hash is stored\): (\S+)/.exec(
      printed[0]!,
    )?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await verifyPassword(password!, first)).toBe(true);
    const rows = await database.handle.db.selectFrom("app_settings").selectAll().execute();
    expect(rows).toEqual([{ key: "admin_password_hash", value: first }]);
    expect(JSON.stringify(rows)).not.toContain(password);
  });

  it("lets instances racing on the first start agree on one stored hash", async () => {
    const other = database.openAnother();
    const printed: string[] = [];
    const [a, b] = await Promise.all([
      resolveAdminPasswordHash(database.handle.db, {}, log, (t) => printed.push(t)),
      resolveAdminPasswordHash(other.db, {}, log, (t) => printed.push(t)),
    ]);
    expect(a).toBe(b);
    expect(printed).toHaveLength(1);
  });
});
