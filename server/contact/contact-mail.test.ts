import { describe, expect, it, vi } from "vitest";
import type { FastifyBaseLogger } from "fastify";
import type { ContactMail } from "./contact-repository.js";
import {
  contactMailMessage,
  contactMailSubject,
  contactMailText,
  createContactMailTransport,
  fromName,
} from "./contact-mail.js";
import { emailJsPayload } from "../mail/mail-transport.js";
import { retryDelayMs } from "../outbox/outbox.js";
import { loadConfig } from "../config.js";

const mail: ContactMail = {
  id: "11111111-1111-4111-8111-111111111111",
  firstName: "Avery",
  lastName: "Quill",
  email: "avery@example.org",
  message: "Hello",
  course: null,
  createdAt: "2025-06-01T00:00:00.000Z",
};

describe("mail contents", () => {
  it("joins first and last name by a space, without stray spaces", () => {
    expect(fromName(mail)).toBe("Avery Quill");
    expect(fromName({ firstName: "Avery", lastName: "" })).toBe("Avery");
    expect(fromName({ firstName: "", lastName: "Quill" })).toBe("Quill");
    expect(fromName({ firstName: "", lastName: "" })).toBe("");
    expect(fromName({ firstName: "A\r\nB", lastName: "C\tD" })).toBe("A B C D");
  });

  it("names the sender in the subject: name, else address, else anonymous", () => {
    expect(contactMailSubject(mail)).toBe("Website contact form: message from Avery Quill");
    expect(contactMailSubject({ ...mail, firstName: "", lastName: "" })).toBe(
      "Website contact form: message from avery@example.org",
    );
    expect(contactMailSubject({ ...mail, firstName: "", lastName: "", email: "" })).toBe(
      "Website contact form: message from an anonymous visitor",
    );
    expect(contactMailSubject({ ...mail, firstName: "x".repeat(300) }).length).toBeLessThan(170);
  });

  it("writes from_name, reply_to and the message into the body", () => {
    expect(contactMailText(mail)).toBe(
      "A visitor sent this message through the website contact form.\n\nFrom: Avery Quill\n" +
        "Reply to: avery@example.org\nReceived: 2025-06-01T00:00:00.000Z\n" +
        "Reference: 11111111-1111-4111-8111-111111111111\n\nMessage:\nHello\n",
    );
  });

  it("builds the EmailJS body with service, template, public key, private key and params", () => {
    const options = {
      apiUrl: "https://api.emailjs.com/api/v1.0/email/send",
      serviceId: "s",
      templateId: "t",
      publicKey: "pub",
      privateKey: undefined,
    };
    expect(emailJsPayload(options, contactMailMessage(mail, "inbox@example.org"))).toEqual({
      service_id: "s",
      template_id: "t",
      user_id: "pub",
      template_params: {
        from_name: "Avery Quill",
        reply_to: "avery@example.org",
        message: "Hello",
        to_email: "inbox@example.org",
      },
    });
  });

  it("log transport writes the mail to the log at info, without keys", async () => {
    const info = vi.fn();
    const log = { info } as unknown as FastifyBaseLogger;
    await createContactMailTransport(loadConfig({}), log).send(mail);
    expect(info).toHaveBeenCalledTimes(1);
    const [fields, text] = info.mock.calls[0]!;
    expect(text).toMatch(/MAIL_TRANSPORT=log/);
    expect(fields).toEqual({
      contactMessage: {
        id: mail.id,
        from_name: "Avery Quill",
        reply_to: "avery@example.org",
        subject: "Website contact form: message from Avery Quill",
        message: "Hello",
      },
    });
  });

  it("picks the transport MAIL_TRANSPORT names (log by default)", () => {
    const log = { info: vi.fn() } as unknown as FastifyBaseLogger;
    expect(createContactMailTransport(loadConfig({}), log).name).toBe("log");
    const smtp = createContactMailTransport(
      loadConfig({
        MAIL_TRANSPORT: "smtp",
        SMTP_URL: "smtp://127.0.0.1:2525",
        CONTACT_TO: "a@example.org",
      }),
      log,
    );
    expect(smtp.name).toBe("smtp");
    void smtp.close?.();
    expect(
      createContactMailTransport(
        loadConfig({
          MAIL_TRANSPORT: "emailjs",
          EMAILJS_SERVICE_ID: "s",
          EMAILJS_TEMPLATE_ID: "t",
          EMAILJS_PUBLIC_KEY: "p",
          CONTACT_TO: "a@example.org",
        }),
        log,
      ).name,
    ).toBe("emailjs");
  });
});

describe("retry backoff", () => {
  it("retries first within 10 s, doubling, capped at 10 minutes", () => {
    const top = () => 1; // no jitter
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map((n) => retryDelayMs(n, 10_000, 600_000, top))).toEqual([
      10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 600_000, 600_000, 600_000,
    ]);
  });

  it("jitter only shortens the delay (80-100 %)", () => {
    expect(retryDelayMs(1, 10_000, 600_000, () => 0)).toBe(8_000);
    for (let i = 0; i < 100; i += 1) {
      const delay = retryDelayMs(1);
      expect(delay).toBeGreaterThanOrEqual(8_000);
      expect(delay).toBeLessThanOrEqual(10_000);
    }
  });
});
