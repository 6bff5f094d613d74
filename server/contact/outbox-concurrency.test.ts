import { afterEach, describe, expect, it } from "vitest";
import { testDialects, type TestDatabase } from "../test-support/test-database.js";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../test-support/test-app.js";
import { createSmtpTransport } from "../mail/mail-transport.js";
import { contactMailMessage, type ContactMailTransport } from "./contact-mail.js";
import type { ContactMail } from "./contact-repository.js";
import { startTestSmtpServer, type TestSmtpServer } from "../mail/test-smtp-server.js";

const INBOX = "inbox@consultancy.example";
const MESSAGES = 200;

for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`two outbox workers on one ${dialect.name} database`, () => {
    let database: TestDatabase | undefined;
    let server: TestSmtpServer | undefined;
    const apps: TestApp[] = [];

    afterEach(async () => {
      for (const app of apps.splice(0)) await app.close();
      await server?.close();
      await database?.cleanup();
    });

    it(`delivers each of ${MESSAGES} messages exactly once`, async () => {
      database = await dialect.create();
      server = await startTestSmtpServer();
      const env = {
        MAIL_TRANSPORT: "smtp",
        SMTP_URL: server.url,
        CONTACT_TO: INBOX,
        CONTACT_RATE_LIMIT: "0",
      };
      // Two instances, each with its own connection pool and worker, sharing one database.
      const sentBy = new Map<string, number>();
      for (const name of ["instance-a", "instance-b"]) {
        const handle = database.openAnother();
        const smtp = createSmtpTransport(
          { url: server.url, from: INBOX, maxConnections: 8 },
          (mail: ContactMail) => contactMailMessage(mail, INBOX),
        );
        const counting: ContactMailTransport = {
          name: "smtp",
          async send(mail) {
            await smtp.send(mail);
            sentBy.set(name, (sentBy.get(name) ?? 0) + 1);
          },
          close: () => smtp.close?.(),
        };
        apps.push(
          await createTestApp({
            database: { ...database, handle },
            env,
            deps: {
              outbox: { enabled: true, pollIntervalMs: 50, instanceId: name, batchSize: 10 },
              mailTransport: counting,
            },
          }),
        );
      }

      // Submissions alternate between the instances; each nudges its own worker at once.
      const ids = await Promise.all(
        Array.from({ length: MESSAGES }, async (_, index) => {
          const response = await apps[index % 2]!.app.inject({
            method: "POST",
            url: "/api/contact",
            headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
            payload: JSON.stringify({ firstName: `Sender ${index}`, message: `message ${index}` }),
          });
          expect(response.statusCode).toBe(202);
          return (response.json() as { id: string }).id;
        }),
      );

      await server.waitFor(MESSAGES, 60_000);
      // Give any duplicate time to show up.
      await new Promise((done) => setTimeout(done, 1000));
      const received = server.mails.map((mail) => mail.headers.get("message-id"));
      expect(received).toHaveLength(MESSAGES);
      expect(new Set(received).size).toBe(MESSAGES);
      expect(new Set(received)).toEqual(
        new Set(ids.map((id) => `<contact-${id}@consultancy.example>`)),
      );

      const rows = await database.handle.db
        .selectFrom("contact_messages")
        .select(["delivery_status", "attempts", "claimed_by"])
        .execute();
      expect(rows).toHaveLength(MESSAGES);
      expect(
        rows.every((row) => row.delivery_status === "sent" && Number(row.attempts) === 1),
      ).toBe(true);
      expect(rows.every((row) => row.claimed_by === null)).toBe(true);
      // Both workers really took part.
      expect(sentBy.get("instance-a")).toBeGreaterThan(0);
      expect(sentBy.get("instance-b")).toBeGreaterThan(0);
    }, 90_000);
  });
}
