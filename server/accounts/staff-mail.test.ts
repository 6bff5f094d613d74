import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { loadConfig } from "../config.js";
import { emailJsPayload } from "../mail/mail-transport.js";
import { createStaffMailTransport, staffMailMessage, type StaffMail } from "./staff-mail.js";

const mail: StaffMail = {
  id: "22222222-2222-4222-8222-222222222222",
  to: "editor@example.org",
  subject: "Your invitation",
  text: "Open https://site.example/admin/invitation/abc\n",
  claim: "claim",
  attempts: 0,
};

describe("staff mail as it leaves", () => {
  it("goes from the site's inbox to the staff member, the recipient as EmailJS's to_email", () => {
    const message = staffMailMessage(mail, "inbox@example.org");
    expect(message).toMatchObject({
      messageKey: `staff-${mail.id}`,
      senderName: "Website staff pages",
      to: "editor@example.org",
      subject: "Your invitation",
      text: mail.text,
    });
    expect(message.replyTo).toBeUndefined();
    const options = {
      apiUrl: "https://api.emailjs.com/api/v1.0/email/send",
      serviceId: "s",
      templateId: "t",
      publicKey: "pub",
      privateKey: undefined,
    };
    expect(emailJsPayload(options, message)).toEqual({
      service_id: "s",
      template_id: "t",
      user_id: "pub",
      template_params: {
        from_name: "Website staff pages",
        reply_to: "inbox@example.org",
        to_email: "editor@example.org",
        subject: "Your invitation",
        message: mail.text,
      },
    });
  });

  it("is written to the log, link included, when MAIL_TRANSPORT is log", async () => {
    const info = vi.fn();
    await createStaffMailTransport(loadConfig({}), { info } as unknown as FastifyBaseLogger).send(
      mail,
    );
    expect(info).toHaveBeenCalledWith(
      { staffMail: { id: mail.id, to: mail.to, subject: mail.subject, text: mail.text } },
      "staff mail (MAIL_TRANSPORT=log: written to the log, not sent)",
    );
  });
});
