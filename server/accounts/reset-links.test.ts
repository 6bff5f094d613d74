import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSmtpServer, type TestSmtpServer } from "../mail/test-smtp-server.js";
import {
  cheapTestPasswordHash,
  createTestApp,
  seedAccount,
  TEST_ORIGIN,
  TEST_PASSWORD,
  type TestApp,
} from "../test-support/test-app.js";
import { testDialects } from "../test-support/test-database.js";
import { RESET_LIMITS } from "./mail-links.js";

const json = { origin: TEST_ORIGIN, "content-type": "application/json" };
const FIRST = "a first unusual passphrase";
const SECOND = "a second unusual passphrase";

for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`reset links that die when they should on ${dialect.name}`, () => {
    let smtp: TestSmtpServer;
    let t: TestApp;
    let now = Date.now();

    beforeAll(async () => {
      smtp = await startTestSmtpServer();
      t = await createTestApp({
        database: await dialect.create(),
        cheapPasswords: true,
        env: {
          MAIL_TRANSPORT: "smtp",
          SMTP_URL: smtp.url,
          CONTACT_TO: "inbox@consultancy.example",
          PUBLIC_ORIGIN: TEST_ORIGIN,
        },
        deps: { outbox: { enabled: true, pollIntervalMs: 50 }, clock: () => now },
      });
      for (const email of ["one@example.org", "two@example.org", "three@example.org"]) {
        await seedAccount(t.database.handle.db, {
          email,
          role: "editor",
          passwordHash: await cheapTestPasswordHash(),
        });
      }
    }, 30_000);
    afterAll(async () => {
      await t.close();
      await t.database.cleanup();
      await smtp.close();
    });

    const call = (method: "GET" | "POST", url: string, payload?: object, cookie?: string) =>
      t.app.inject({
        method,
        url,
        headers: { ...json, ...(cookie ? { cookie } : {}) },
        ...(payload ? { payload } : {}),
      });
    const mailsTo = (address: string) =>
      smtp.mails.filter((mail) => mail.rcptTo.some((to) => to.toLowerCase() === address));
    /** Asks for a reset of `email` and returns the token its mail carries. */
    const resetLink = async (email: string): Promise<string> => {
      // A fresh window each time: the cap of 3 mails per email is not what is tested here.
      now += RESET_LIMITS.windowMs + 1000;
      const before = mailsTo(email).length;
      expect((await call("POST", "/api/password-resets", { email })).statusCode).toBe(202);
      await expect.poll(() => mailsTo(email).length, { timeout: 15_000 }).toBe(before + 1);
      const match = /\/admin\/reset\/([A-Za-z0-9_-]+)/.exec(mailsTo(email).at(-1)!.text);
      return match![1]!;
    };
    const useLink = (token: string, password: string) =>
      call("POST", `/api/password-resets/${token}`, { password });

    it("a completed reset ends every other live reset link of the account", async () => {
      const first = await resetLink("one@example.org");
      const second = await resetLink("one@example.org");
      const otherAccount = await resetLink("two@example.org");
      expect((await useLink(first, FIRST)).statusCode).toBe(204);
      expect((await call("GET", `/api/password-resets/${second}`)).statusCode).toBe(410);
      const late = await useLink(second, SECOND);
      expect(late.statusCode).toBe(410);
      expect(late.json().error.code).toBe("gone");
      // The password is the one the first link set; another account's link still works.
      expect((await t.login("one@example.org", FIRST)).length).toBeGreaterThan(0);
      expect((await call("GET", `/api/password-resets/${otherAccount}`)).statusCode).toBe(204);
    });

    it("two links of one account used at once: one sets the password, the other is 410", async () => {
      const links = [await resetLink("two@example.org"), await resetLink("two@example.org")];
      const answers = await Promise.all([useLink(links[0]!, FIRST), useLink(links[1]!, SECOND)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 410]);
      const winner = answers[0]!.statusCode === 204 ? FIRST : SECOND;
      expect((await t.login("two@example.org", winner)).length).toBeGreaterThan(0);
    });

    it("a password changed while signed in ends the older reset links", async () => {
      const link = await resetLink("three@example.org");
      const cookie = await t.login("three@example.org", TEST_PASSWORD);
      const changed = await call(
        "POST",
        "/api/account/password",
        { currentPassword: TEST_PASSWORD, newPassword: FIRST },
        cookie,
      );
      expect(changed.statusCode, changed.body).toBe(204);
      expect((await call("GET", `/api/password-resets/${link}`)).statusCode).toBe(410);
      expect((await useLink(link, SECOND)).statusCode).toBe(410);
      expect((await t.login("three@example.org", FIRST)).length).toBeGreaterThan(0);
    });

    it("an email change ends the links mailed to the old address and tells the old address", async () => {
      const link = await resetLink("three@example.org");
      const before = mailsTo("three@example.org").length;
      const cookie = await t.login("three@example.org", FIRST);
      const changed = await call(
        "POST",
        "/api/account/email",
        { email: "Moved@example.org", currentPassword: FIRST },
        cookie,
      );
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await useLink(link, SECOND)).statusCode).toBe(410);
      await expect
        .poll(() => mailsTo("three@example.org").length, { timeout: 15_000 })
        .toBe(before + 1);
      const notice = mailsTo("three@example.org").at(-1)!;
      expect(notice.headers.get("subject")).toBe("The email of your staff account was changed");
      expect(notice.text).toContain("now signs in as Moved@example.org");
      expect(notice.text).not.toMatch(/\/admin\/reset\//);
      // Nothing goes to the new address, and a change of case alone sends no notice.
      expect(mailsTo("moved@example.org")).toEqual([]);
      const recased = await call(
        "POST",
        "/api/account/email",
        { email: "moved@example.org", currentPassword: FIRST },
        cookie,
      );
      expect(recased.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mailsTo("moved@example.org")).toEqual([]);
      expect(mailsTo("three@example.org")).toHaveLength(before + 1);
    });
  });
}
