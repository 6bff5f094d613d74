import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import type { Config } from "../config.js";
import { aboutCourse } from "../../common/contact.js";
import type { ContactMail } from "./contact-repository.js";

/** Delivers one contact message; rejects when it was not delivered (the outbox retries). */
export interface MailTransport {
  readonly name: string;
  send(mail: ContactMail): Promise<void>;
  /** Releases connections (the outbox calls this when it stops). */
  close?(): void | Promise<void>;
}

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

/** `log`: the mail is written to the log (MAIL_TRANSPORT default; nothing leaves the server). */
export function createLogTransport(log: FastifyBaseLogger): MailTransport {
  return {
    name: "log",
    async send(mail) {
      log.info(
        {
          contactMessage: {
            id: mail.id,
            from_name: fromName(mail),
            reply_to: mail.email,
            subject: contactMailSubject(mail),
            message: deliveredMessage(mail),
          },
        },
        "contact message (MAIL_TRANSPORT=log: written to the log, not sent)",
      );
    },
  };
}

export interface SmtpTransportOptions {
  /** smtp:// or smtps:// URL, credentials included when the server needs them. */
  url: string;
  /** CONTACT_TO: the inbox that receives every message. */
  to: string;
  /** Parallel connections kept open to the SMTP server. */
  maxConnections?: number;
  /** Bound on each network step, so a hung server cannot hold a message forever. */
  timeoutMs?: number;
}

/** `smtp`: nodemailer to SMTP_URL, To CONTACT_TO, Reply-To the visitor's email. */
export function createSmtpTransport(options: SmtpTransportOptions): MailTransport {
  const timeoutMs = options.timeoutMs ?? 20_000;
  // nodemailer (about 25 MB of memory once loaded) is imported with the first message, so a
  // process that never sends mail never loads it.
  let transporter: Promise<Transporter> | undefined;
  const connect = () =>
    (transporter ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: options.url,
        pool: true,
        maxConnections: options.maxConnections ?? 8,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
      }),
    ));
  const domain = options.to.slice(options.to.lastIndexOf("@") + 1) || "localhost";
  return {
    name: "smtp",
    async send(mail) {
      await (
        await connect()
      ).sendMail({
        // Sent from the receiving inbox itself: the visitor's address is never a From (SPF/DMARC).
        from: { name: "Website contact form", address: options.to },
        to: options.to,
        ...(mail.email
          ? { replyTo: { name: headerSafe(fromName(mail), 120), address: mail.email } }
          : {}),
        subject: contactMailSubject(mail),
        text: contactMailText(mail),
        // The same id on every attempt, so a receiving system can recognise a repeat.
        messageId: `<contact-${mail.id}@${domain}>`,
      });
    },
    close() {
      void transporter?.then((opened) => opened.close());
    },
  };
}

export interface EmailJsTransportOptions {
  apiUrl: string;
  serviceId: string;
  templateId: string;
  publicKey: string;
  /** Sent as `accessToken` when set (EmailJS "use private key" setting). */
  privateKey: string | undefined;
  to: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The exact JSON body EmailJS's REST API receives for one message. */
export function emailJsPayload(
  options: EmailJsTransportOptions,
  mail: ContactMail,
): Record<string, unknown> {
  return {
    service_id: options.serviceId,
    template_id: options.templateId,
    user_id: options.publicKey,
    ...(options.privateKey ? { accessToken: options.privateKey } : {}),
    template_params: {
      from_name: fromName(mail),
      reply_to: mail.email,
      // The template's fixed parameters (spec): the course goes at the top of the message.
      message: deliveredMessage(mail),
      to_email: options.to,
    },
  };
}

/** `emailjs`: POST to the EmailJS REST API (EMAILJS_API_URL) from the server; keys stay here. */
export function createEmailJsTransport(options: EmailJsTransportOptions): MailTransport {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 20_000;
  return {
    name: "emailjs",
    async send(mail) {
      const response = await doFetch(options.apiUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(emailJsPayload(options, mail)),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        const text = (await response.text().catch(() => "")).slice(0, 200);
        throw new Error(`EmailJS answered ${response.status}${text ? `: ${text}` : ""}`);
      }
      await response.body?.cancel().catch(() => {});
    },
  };
}

/** The transport MAIL_TRANSPORT names (config.ts has already checked its settings). */
export function createMailTransport(config: Config, log: FastifyBaseLogger): MailTransport {
  switch (config.MAIL_TRANSPORT) {
    case "smtp":
      return createSmtpTransport({ url: config.SMTP_URL!, to: config.CONTACT_TO! });
    case "emailjs":
      return createEmailJsTransport({
        apiUrl: config.EMAILJS_API_URL,
        serviceId: config.EMAILJS_SERVICE_ID!,
        templateId: config.EMAILJS_TEMPLATE_ID!,
        publicKey: config.EMAILJS_PUBLIC_KEY!,
        privateKey: config.EMAILJS_PRIVATE_KEY,
        to: config.CONTACT_TO!,
      });
    default:
      return createLogTransport(log);
  }
}
