import { Migrator } from "kysely/migration";
import { afterEach, describe, expect, it, vi } from "vitest";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "../db/database.js";
import { migrations } from "../db/migrations/index.js";
import { hashPassword, parsePasswordHash, verifyPassword } from "../auth/password.js";
import {
  cheapTestPasswordHash,
  createTestApp,
  seedAccount,
  sessionCookieFrom,
  TEST_EMAIL,
  TEST_ORIGIN,
  TEST_PASSWORD,
  type TestApp,
} from "../test-support/test-app.js";
import { testDialects, type TestDatabase } from "../test-support/test-database.js";
import { createAccountRepository, EmailTakenError } from "../auth/account-repository.js";
import { bootstrapOwner, LEGACY_HASH_KEY } from "./bootstrap.js";
import { commonPasswordsLoaded } from "./password-policy.js";

const json = { "content-type": "application/json", origin: TEST_ORIGIN };
const silent = { warn: vi.fn(), info: vi.fn() };
/** The migrations today's main had before named accounts. */
const BEFORE_ACCOUNTS = Object.fromEntries(
  Object.entries(migrations).filter(([name]) => name < "007"),
);

for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`staff accounts on ${dialect.name}`, () => {
    let database: TestDatabase | undefined;
    let t: TestApp | undefined;
    const handles: DatabaseHandle[] = [];
    afterEach(async () => {
      await t?.close();
      t = undefined;
      for (const handle of handles.splice(0)) await handle.close();
      await database?.cleanup();
      database = undefined;
    });

    function signIn(app: TestApp, email: string, password: string, ip = "192.0.2.1") {
      return app.app.inject({
        method: "POST",
        url: "/api/session",
        headers: json,
        payload: { email, password },
        remoteAddress: ip,
      });
    }

    /** A database as a site on today's main has it: migrated up to the last migration before 007. */
    async function databaseBeforeAccounts(): Promise<DatabaseHandle> {
      database = await dialect.create();
      const url = database.url.startsWith("sqlite:")
        ? `${database.url.slice(0, -"site.db".length)}old.db`
        : database.url;
      const handle = openDatabase(url, database.schema ? { searchPath: database.schema } : {});
      handles.push(handle);
      if (database.schema) {
        await handle.db.schema.dropSchema(database.schema).cascade().execute();
        await handle.db.schema.createSchema(database.schema).execute();
      }
      const migrator = new Migrator({
        db: handle.db,
        provider: { getMigrations: async () => BEFORE_ACCOUNTS },
        ...(database.schema ? { migrationTableSchema: database.schema } : {}),
      });
      const { error } = await migrator.migrateToLatest();
      if (error) throw error;
      return handle;
    }

    it("an upgraded site's single password becomes the owner's; the first email given is kept", async () => {
      const handle = await databaseBeforeAccounts();
      const oldPassword = "the site's one shared password";
      // What an older version stored when it generated the password at its first start.
      await handle.db
        .insertInto("app_settings")
        .values({ key: LEGACY_HASH_KEY, value: await hashPassword(oldPassword, 14) })
        .execute();
      await migrateToLatest(handle);
      expect(await bootstrapOwner({ db: handle.db, source: {}, log: silent })).toEqual({
        kind: "owner-created",
        from: "stored-password",
      });
      // A second instance, or a restart, creates nothing more.
      expect(await bootstrapOwner({ db: handle.db, source: {}, log: silent })).toEqual({
        kind: "accounts-exist",
      });
      t = await createTestApp({
        database: { ...database!, handle },
        cheapPasswords: true,
      });
      // createTestApp seeded its own owner too; the carried-over one has no email yet.
      const owner = await createAccountRepository(handle.db, Date.now).findEmaillessOwner();
      expect(owner?.role).toBe("owner");
      expect(await signIn(t, "someone@example.org", "wrong password")).toMatchObject({
        statusCode: 401,
      });
      const first = await signIn(t, "Keeper@Example.org", oldPassword);
      expect(first.statusCode).toBe(204);
      const session = await t.app.inject({
        method: "GET",
        url: "/api/session",
        headers: { cookie: sessionCookieFrom(first) },
      });
      expect(session.json().user).toMatchObject({ email: "Keeper@Example.org", role: "owner" });
      // The address is now the owner's: the old password alone with another address fails.
      expect((await signIn(t, "other@example.org", oldPassword)).statusCode).toBe(401);
      expect((await signIn(t, "keeper@example.org", oldPassword)).statusCode).toBe(204);
      expect(
        await handle.db
          .selectFrom("app_settings")
          .where("key", "=", LEGACY_HASH_KEY)
          .selectAll()
          .execute(),
      ).toEqual([]);
    });

    it("ADMIN_EMAIL names the carried-over owner; ADMIN_PASSWORD makes a new site's owner", async () => {
      const handle = await databaseBeforeAccounts();
      await migrateToLatest(handle);
      await bootstrapOwner({
        db: handle.db,
        source: { ADMIN_EMAIL: "Boss@Example.org", ADMIN_PASSWORD: "a long owner password" },
        log: silent,
        hashCost: 14,
      });
      // The start's common-password check does not keep the list (decision 031).
      expect(commonPasswordsLoaded()).toBe(false);
      const accounts = createAccountRepository(handle.db, Date.now);
      const owner = await accounts.findByEmail("boss@example.org");
      expect(owner).toMatchObject({ email: "Boss@Example.org", role: "owner", state: "active" });
      expect(await verifyPassword("a long owner password", owner!.password_hash)).toBe(true);
      await expect(
        accounts.create({
          email: "BOSS@example.org",
          name: "Twin",
          role: "editor",
          passwordHash: "x",
        }),
      ).rejects.toBeInstanceOf(EmailTakenError);
    });

    it("without a password prints a setup link once, which works once", async () => {
      database = await dialect.create();
      const printed: string[] = [];
      const print = (text: string) => printed.push(text);
      const first = await bootstrapOwner({
        db: database.handle.db,
        source: { PUBLIC_ORIGIN: "https://site.example" },
        log: silent,
        print,
      });
      expect(first.kind).toBe("setup-link");
      const url = first.kind === "setup-link" ? first.url : "";
      expect(url).toMatch(/^https:\/\/site\.example\/admin\/setup\/[\w-]{43}$/);
      expect(printed.join("")).toContain(url);
      // A restart, or a second instance, prints nothing while the link lives.
      const second = await bootstrapOwner({
        db: database.handle.db,
        source: {},
        log: silent,
        print,
      });
      expect(second.kind).toBe("setup-link-pending");
      expect(printed).toHaveLength(1);

      const token = url.split("/").pop()!;
      const app = await createTestApp({
        database: { ...database, handle: database.openAnother() },
        cheapPasswords: true,
        seedOwner: false,
      });
      t = app;
      expect((await app.app.inject({ method: "GET", url: `/api/setup/${token}` })).statusCode).toBe(
        204,
      );
      const setup = (password: string) =>
        app.app.inject({
          method: "POST",
          url: `/api/setup/${token}`,
          headers: json,
          payload: { email: "first@example.org", name: "First Owner", password },
        });
      // A common password padded to length is refused, and the link stays usable.
      const weak = await setup("password1234");
      expect(weak.statusCode).toBe(400);
      expect(weak.json().error.fields.password).toMatch(/too common/);
      const done = await setup("a sound and original passphrase");
      expect(done.statusCode).toBe(201);
      expect(done.json().user).toMatchObject({ email: "first@example.org", role: "owner" });
      const session = await app.app.inject({
        method: "GET",
        url: "/api/session",
        headers: { cookie: sessionCookieFrom(done) },
      });
      expect(session.statusCode).toBe(200);
      expect((await setup("another sound passphrase")).statusCode).toBe(410);
      expect((await app.app.inject({ method: "GET", url: `/api/setup/${token}` })).statusCode).toBe(
        410,
      );
    });

    it("a wrong email and a wrong password get the same answer for the same work: one scrypt at the same cost", async () => {
      database = await dialect.create();
      const calls: Array<{ logN: number | undefined }> = [];
      const verify = async (password: string, hash: string) => {
        calls.push({ logN: parsePasswordHash(hash)?.logN });
        return verifyPassword(password, hash);
      };
      t = await createTestApp({
        database,
        cheapPasswords: true,
        deps: { verifyPassword: verify },
      });
      await seedAccount(database.handle.db, {
        email: "gone@example.org",
        role: "editor",
        passwordHash: await cheapTestPasswordHash(),
      });
      await database.handle.db
        .updateTable("staff_accounts")
        .set({ state: "deactivated" })
        .where("email_key", "=", "gone@example.org")
        .execute();
      const answers = [];
      for (const [email, password] of [
        ["nobody@example.org", TEST_PASSWORD],
        [TEST_EMAIL, "wrong password"],
        ["gone@example.org", TEST_PASSWORD],
      ] as const) {
        calls.length = 0;
        const response = await signIn(t, email, password, `192.0.2.${answers.length + 20}`);
        answers.push({ status: response.statusCode, body: response.body, calls: [...calls] });
      }
      for (const answer of answers) {
        expect(answer.status).toBe(401);
        expect(answer.body).toBe(answers[0]!.body);
        expect(answer.calls).toEqual([{ logN: 14 }]);
      }
      expect(JSON.parse(answers[0]!.body).error.message).toBe("Incorrect password");
      calls.length = 0;
      expect((await signIn(t, TEST_EMAIL.toUpperCase(), TEST_PASSWORD)).statusCode).toBe(204);
      expect(calls).toEqual([{ logN: 14 }]);
    });

    it("a deactivated account's sessions end", async () => {
      database = await dialect.create();
      t = await createTestApp({ database, cheapPasswords: true });
      const cookie = await t.login();
      await database.handle.db
        .updateTable("staff_accounts")
        .set({ state: "deactivated" })
        .where("email_key", "=", TEST_EMAIL)
        .execute();
      const after = await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie } });
      expect(after.statusCode).toBe(401);
    });
  });
}
