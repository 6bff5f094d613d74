import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSmtpServer, type TestSmtpServer } from "../mail/test-smtp-server.js";
import {
  createTestApp,
  sessionCookieFrom,
  TEST_ORIGIN,
  type TestApp,
} from "../test-support/test-app.js";
import { testDialects } from "../test-support/test-database.js";
import { INVITATION_TTL_MS, RESET_LIMITS, RESET_TTL_MS } from "./mail-links.js";

const json = { origin: TEST_ORIGIN, "content-type": "application/json" };
const NEW_PASSWORD = "a long unusual passphrase";
const RESET_PASSWORD = "another unusual passphrase";

/** The one link a mail carries, as a person would copy it, and its token. */
function linkIn(text: string, kind: "invitation" | "reset"): { url: string; token: string } {
  const match = new RegExp(`(http://localhost/admin/${kind}/([A-Za-z0-9_-]+))`).exec(text);
  if (!match) throw new Error(`no ${kind} link in: ${text}`);
  return { url: match[1]!, token: match[2]! };
}

for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(
    `invitations and password resets by mail on ${dialect.name}`,
    () => {
      let smtp: TestSmtpServer;
      let t: TestApp;
      let owner: string;
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
        owner = await t.login();
      }, 30_000);
      afterAll(async () => {
        await t.close();
        await t.database.cleanup();
        await smtp.close();
      });

      const call = (
        method: "GET" | "POST" | "DELETE",
        url: string,
        cookie?: string,
        payload?: object,
      ) =>
        t.app.inject({
          method,
          url,
          headers: { ...json, ...(cookie ? { cookie } : {}) },
          ...(payload ? { payload } : {}),
        });
      const invite = (email: string, role = "editor") =>
        call("POST", "/api/staff/invitations", owner, { email, role });
      const mailsTo = (address: string) =>
        smtp.mails.filter((mail) => mail.rcptTo.some((to) => to.toLowerCase() === address));

      it("invites by mail; the mailed link opens once, for 7 days, and makes a signed-in account", async () => {
        const answer = await invite("Editor@Example.org");
        expect(answer.statusCode, answer.body).toBe(201);
        expect(answer.json()).toMatchObject({ email: "Editor@Example.org", role: "editor" });
        const [mail] = await smtp.waitFor(1);
        // (The mail library lower-cases the domain; the address is otherwise as typed.)
        expect(mail!.rcptTo.map((to) => to.toLowerCase())).toEqual(["editor@example.org"]);
        expect(mail!.headers.get("subject")).toBe("You are invited to the website's staff pages");
        expect(mail!.text).toContain(
          "Test Owner invited you to the website's staff pages as editor.",
        );
        const { token } = linkIn(mail!.text, "invitation");
        // Only the token's hash is stored, and the delivered mail's copy of the link is blanked.
        const stored = await t.database.handle.db.selectFrom("staff_tokens").selectAll().execute();
        expect(JSON.stringify(stored)).not.toContain(token);
        await expect
          .poll(async () =>
            (await t.database.handle.db.selectFrom("staff_mail").select("body").execute()).map(
              (row) => row.body,
            ),
          )
          .toEqual([""]);

        // Followed as a person would: the page asks whether it works, then sends name and password.
        expect((await call("GET", `/api/invitations/${token}`)).json()).toEqual({
          email: "Editor@Example.org",
          role: "editor",
        });
        const common = await call("POST", `/api/invitations/${token}`, undefined, {
          name: "Eddie Editor",
          password: "password1234!",
        });
        expect(common.statusCode).toBe(400);
        const accepted = await call("POST", `/api/invitations/${token}`, undefined, {
          name: "Eddie Editor",
          password: NEW_PASSWORD,
        });
        expect(accepted.statusCode, accepted.body).toBe(201);
        const editor = sessionCookieFrom(accepted);
        expect((await call("GET", "/api/session", editor)).json()).toMatchObject({
          user: { email: "Editor@Example.org", name: "Eddie Editor", role: "editor" },
        });
        // Used: gone, and the editor cannot manage staff.
        expect((await call("GET", `/api/invitations/${token}`)).statusCode).toBe(410);
        const again = await call("POST", `/api/invitations/${token}`, undefined, {
          name: "Someone else",
          password: NEW_PASSWORD,
        });
        expect(again.statusCode).toBe(410);
        expect((await call("GET", "/api/staff/invitations", editor)).statusCode).toBe(403);
        expect((await invite("editor@example.org")).statusCode).toBe(409);
      });

      it("lists pending invitations, revokes one, and lets one lapse after 7 days", async () => {
        await invite("revoked@example.org", "contributor");
        await invite("lapsed@example.org", "administrator");
        const [revokedMail] = await smtp.waitFor(3).then(() => mailsTo("revoked@example.org"));
        const [lapsedMail] = mailsTo("lapsed@example.org");
        const pending = (await call("GET", "/api/staff/invitations", owner)).json() as Array<{
          id: string;
          email: string;
        }>;
        expect(pending.map((invitation) => invitation.email).sort()).toEqual([
          "lapsed@example.org",
          "revoked@example.org",
        ]);
        const revoked = pending.find((invitation) => invitation.email === "revoked@example.org")!;
        expect(
          (await call("DELETE", `/api/staff/invitations/${revoked.id}`, owner)).statusCode,
        ).toBe(204);
        expect(
          (await call("DELETE", `/api/staff/invitations/${revoked.id}`, owner)).statusCode,
        ).toBe(404);
        const revokedLink = linkIn(revokedMail!.text, "invitation").token;
        expect((await call("GET", `/api/invitations/${revokedLink}`)).statusCode).toBe(410);

        now += INVITATION_TTL_MS + 1000;
        const lapsedLink = linkIn(lapsedMail!.text, "invitation").token;
        const late = await call("POST", `/api/invitations/${lapsedLink}`, undefined, {
          name: "Late",
          password: NEW_PASSWORD,
        });
        expect(late.statusCode).toBe(410);
        expect(
          (await call("GET", "/api/staff/invitations", (owner = await t.login()))).json(),
        ).toEqual([]);
      });

      it("resets a password by mail: 202 for any address, one use, one hour, every session ended", async () => {
        const before = smtp.mails.length;
        const editor = await t.login("editor@example.org", NEW_PASSWORD);
        for (const email of ["nobody@example.org", "EDITOR@example.org"]) {
          const asked = await call("POST", "/api/password-resets", undefined, { email });
          expect(asked.statusCode).toBe(202);
          expect(asked.body).toBe("");
        }
        await smtp.waitFor(before + 1);
        // Give a mail to the unknown address every chance to (wrongly) arrive.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(smtp.mails.length).toBe(before + 1);
        const mail = smtp.mails.at(-1)!;
        expect(mail.rcptTo.map((to) => to.toLowerCase())).toEqual(["editor@example.org"]);
        const { token } = linkIn(mail.text, "reset");

        expect((await call("GET", `/api/password-resets/${token}`)).statusCode).toBe(204);
        const weak = await call("POST", `/api/password-resets/${token}`, undefined, {
          password: "short",
        });
        expect(weak.statusCode).toBe(400);
        const done = await call("POST", `/api/password-resets/${token}`, undefined, {
          password: RESET_PASSWORD,
        });
        expect(done.statusCode, done.body).toBe(204);
        // The session signed in with the old password has ended; the new one signs in.
        expect((await call("GET", "/api/session", editor)).statusCode).toBe(401);
        const signIn = (password: string) =>
          call("POST", "/api/session", undefined, { email: "editor@example.org", password });
        expect((await signIn(NEW_PASSWORD)).statusCode).toBe(401);
        expect((await signIn(RESET_PASSWORD)).statusCode).toBe(204);
        expect(
          (
            await call("POST", `/api/password-resets/${token}`, undefined, {
              password: NEW_PASSWORD,
            })
          ).statusCode,
        ).toBe(410);

        // A link older than an hour no longer works.
        await call("POST", "/api/password-resets", undefined, { email: "editor@example.org" });
        await smtp.waitFor(before + 2);
        const later = linkIn(smtp.mails.at(-1)!.text, "reset").token;
        now += RESET_TTL_MS + 1000;
        expect((await call("GET", `/api/password-resets/${later}`)).statusCode).toBe(410);
      });

      it("limits reset requests per address (429) and mails one address only a few times", async () => {
        now += RESET_LIMITS.windowMs + 1000;
        const before = mailsTo("editor@example.org").length;
        const sentBefore = smtp.mails.length;
        const statuses: number[] = [];
        for (let i = 0; i <= RESET_LIMITS.perAddress; i += 1) {
          const answer = await t.app.inject({
            method: "POST",
            url: "/api/password-resets",
            headers: json,
            payload: { email: "editor@example.org" },
            remoteAddress: `198.51.100.${i}`,
          });
          statuses.push(answer.statusCode);
        }
        // Six addresses ask for one email: every answer is 202, only three mails go out.
        expect(statuses.every((status) => status === 202)).toBe(true);
        // The three are awaited (a busy machine sends slowly); a moment more shows no fourth.
        await smtp.waitFor(sentBefore + RESET_LIMITS.perEmail);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(mailsTo("editor@example.org").length - before).toBe(RESET_LIMITS.perEmail);

        const fromOne: number[] = [];
        for (let i = 0; i <= RESET_LIMITS.perAddress; i += 1) {
          const answer = await t.app.inject({
            method: "POST",
            url: "/api/password-resets",
            headers: json,
            payload: { email: `someone${i}@example.org` },
            remoteAddress: "203.0.113.77",
          });
          fromOne.push(answer.statusCode);
          if (answer.statusCode === 429) expect(answer.headers["retry-after"]).toBeDefined();
        }
        expect(fromOne).toEqual([...Array(RESET_LIMITS.perAddress).fill(202), 429]);
      });
    },
  );
}
