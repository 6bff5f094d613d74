import { createServer, type Server } from "node:http";
import type { FastifyBaseLogger } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../config.js";
import {
  createEmailJsTransport,
  createMailTransport,
  createSmtpTransport,
  type MailMessage,
} from "./mail-transport.js";
import { startTestSmtpServer, type TestSmtpServer } from "./test-smtp-server.js";

const INBOX = "inbox@consultancy.example";

/** A row of some outbox, and how it is written as mail. */
interface Row {
  id: string;
  to: string;
}

const compose = (row: Row): MailMessage => ({
  messageKey: `test-${row.id}`,
  senderName: "Website tests",
  to: row.to,
  replyTo: { name: "Avery Quill", address: "avery@example.org" },
  subject: `Subject ${row.id}`,
  text: `Body ${row.id}\n`,
  templateParams: { to_email: row.to, message: `Body ${row.id}` },
  logged: { what: "test mail", fields: { testMail: { id: row.id } } },
});

/** A stand-in for the EmailJS REST API: records bodies, answers with the next queued status. */
async function startFakeEmailJs(statuses: number[]) {
  const bodies: unknown[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      const status = statuses.shift() ?? 200;
      response.writeHead(status, { "content-type": "text/plain" });
      response.end(status === 200 ? "OK" : "Template not found");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    bodies,
    url: `http://127.0.0.1:${port}/api/v1.0/email/send`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("the one mail transport", () => {
  let smtp: TestSmtpServer | undefined;
  let emailJs: Awaited<ReturnType<typeof startFakeEmailJs>> | undefined;

  afterEach(async () => {
    await smtp?.close();
    await emailJs?.close();
    smtp = undefined;
    emailJs = undefined;
  });

  it("sends by SMTP from the site's inbox, with the message's Reply-To and a stable Message-ID", async () => {
    smtp = await startTestSmtpServer();
    for (const maxConnections of [undefined, 2]) {
      const transport = createSmtpTransport(
        { url: smtp.url, from: INBOX, maxConnections },
        compose,
      );
      await transport.send({ id: `r${maxConnections ?? 0}`, to: "staff@example.org" });
      await transport.close?.();
    }
    const [unpooled, pooled] = await smtp.waitFor(2);
    for (const [mail, id] of [
      [unpooled!, "r0"],
      [pooled!, "r2"],
    ] as const) {
      expect(mail.mailFrom).toBe(INBOX);
      expect(mail.rcptTo).toEqual(["staff@example.org"]);
      expect(mail.headers.get("from")).toBe(`Website tests <${INBOX}>`);
      expect(mail.headers.get("reply-to")).toBe("Avery Quill <avery@example.org>");
      expect(mail.headers.get("subject")).toBe(`Subject ${id}`);
      expect(mail.headers.get("message-id")).toBe(`<test-${id}@consultancy.example>`);
      expect(mail.text).toBe(`Body ${id}\n`);
    }
  });

  it("posts the template's parameters to EmailJS and rejects with its answer when it refuses", async () => {
    emailJs = await startFakeEmailJs([400, 200]);
    const transport = createEmailJsTransport(
      {
        apiUrl: emailJs.url,
        serviceId: "service_abc",
        templateId: "template_def",
        publicKey: "public_ghi",
        privateKey: "private_jkl",
      },
      compose,
    );
    await expect(transport.send({ id: "1", to: "staff@example.org" })).rejects.toThrow(
      "EmailJS answered 400: Template not found",
    );
    await transport.send({ id: "1", to: "staff@example.org" });
    expect(emailJs.bodies).toHaveLength(2);
    expect(emailJs.bodies[1]).toEqual({
      service_id: "service_abc",
      template_id: "template_def",
      user_id: "public_ghi",
      accessToken: "private_jkl",
      template_params: { to_email: "staff@example.org", message: "Body 1" },
    });
  });

  it("writes the mail to the log when MAIL_TRANSPORT is log (the default)", async () => {
    const info = vi.fn();
    const transport = createMailTransport(
      loadConfig({}),
      { info } as unknown as FastifyBaseLogger,
      compose,
    );
    expect(transport.name).toBe("log");
    await transport.send({ id: "7", to: "staff@example.org" });
    expect(info).toHaveBeenCalledWith(
      { testMail: { id: "7" } },
      "test mail (MAIL_TRANSPORT=log: written to the log, not sent)",
    );
  });

  it("picks SMTP or EmailJS as MAIL_TRANSPORT says", () => {
    const log = { info: vi.fn() } as unknown as FastifyBaseLogger;
    const viaSmtp = createMailTransport(
      loadConfig({ MAIL_TRANSPORT: "smtp", SMTP_URL: "smtp://127.0.0.1:2525", CONTACT_TO: INBOX }),
      log,
      compose,
    );
    expect(viaSmtp.name).toBe("smtp");
    void viaSmtp.close?.();
    const viaEmailJs = createMailTransport(
      loadConfig({
        MAIL_TRANSPORT: "emailjs",
        EMAILJS_SERVICE_ID: "s",
        EMAILJS_TEMPLATE_ID: "t",
        EMAILJS_PUBLIC_KEY: "p",
        CONTACT_TO: INBOX,
      }),
      log,
      compose,
    );
    expect(viaEmailJs.name).toBe("emailjs");
  });
});
