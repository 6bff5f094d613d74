import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import { aboutCourse } from "../../common/contact.js";
import {
  createMailTransport,
  type MailMessage,
  type MailTransport,
} from "../mail/mail-transport.js";
import type { ContactMail } from "./contact-repository.js";

/*
 * What a contact message becomes as a mail; server/mail/mail-transport.ts sends it the way
 * MAIL_TRANSPORT says.
 */

/** Delivers one contact message; rejects when it was not delivered (the outbox retries). */
export type ContactMailTransport = MailTransport<ContactMail>;

/** Control characters (line breaks included) made spaces, runs of space made one. */
function oneLine(value: string): string {
  let flat = "";
  for (const char of value) {
    const code = char.charCodeAt(0);
    flat += code < 0x20 || code === 0x7f ? " " : char;
  }
  return flat.replace(/\s+/g, " ").trim();
}

/** One line, at most `max` characters: safe in a header line. */
function headerSafe(value: string, max: number): string {
  const flat = oneLine(value);
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * The sender's name: first and last name joined by a space (either may be empty), on one line
 * (a name is not the place for line breaks, and a header must never get one).
 */
export function fromName(mail: Pick<ContactMail, "firstName" | "lastName">): string {
  return oneLine([mail.firstName, mail.lastName].join(" "));
}

/** The subject names the sender: their name, else their address, else says it is anonymous. */
export function contactMailSubject(mail: ContactMail): string {
  const sender =
    headerSafe(fromName(mail), 120) || headerSafe(mail.email, 120) || "an anonymous visitor";
  return `Website contact form: message from ${sender}`;
}

/**
 * The message as delivered: the course it is about first ("About: AI for Everyone", from an
 * Inquire), then what the visitor wrote.
 */
export function deliveredMessage(mail: Pick<ContactMail, "message" | "course">): string {
  return mail.course ? `${aboutCourse(mail.course)}\n\n${mail.message}` : mail.message;
}

/**
 * The plain-text body: who wrote (from_name), where to answer (reply_to), the course an Inquire
 * asked about, and the message.
 */
export function contactMailText(mail: ContactMail): string {
  return [
    "A visitor sent this message through the website contact form.",
    "",
    `From: ${fromName(mail) || "(no name given)"}`,
    `Reply to: ${mail.email || "(no email given)"}`,
    ...(mail.course ? [aboutCourse(mail.course)] : []),
    `Received: ${mail.createdAt}`,
    `Reference: ${mail.id}`,
    "",
    "Message:",
    mail.message || "(empty message)",
    "",
  ].join("\n");
}

/**
 * A contact message as a mail to the site's inbox (`inbox`, CONTACT_TO): From the inbox itself
 * (the visitor's address is never a From: SPF/DMARC), Reply-To the visitor. EmailJS gets the
 * template's fixed parameters (spec): from_name, reply_to, the message with its course at the
 * top, to_email.
 */
export function contactMailMessage(mail: ContactMail, inbox: string): MailMessage {
  return {
    messageKey: `contact-${mail.id}`,
    senderName: "Website contact form",
    to: inbox,
    replyTo: mail.email
      ? { name: headerSafe(fromName(mail), 120), address: mail.email }
      : undefined,
    subject: contactMailSubject(mail),
    text: contactMailText(mail),
    templateParams: {
      from_name: fromName(mail),
      reply_to: mail.email,
      message: deliveredMessage(mail),
      to_email: inbox,
    },
    logged: {
      what: "contact message",
      fields: {
        contactMessage: {
          id: mail.id,
          from_name: fromName(mail),
          reply_to: mail.email,
          subject: contactMailSubject(mail),
          message: deliveredMessage(mail),
        },
      },
    },
  };
}

/** The contact outbox's transport: MAIL_TRANSPORT's, up to 8 SMTP connections at once. */
export function createContactMailTransport(
  config: Config,
  log: FastifyBaseLogger,
): ContactMailTransport {
  const inbox = config.CONTACT_TO ?? "";
  return createMailTransport(config, log, (mail: ContactMail) => contactMailMessage(mail, inbox), {
    maxConnections: 8,
  });
}
