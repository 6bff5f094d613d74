import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import type { Config } from "../config.js";

/*
 * The one way the server sends mail (docs/decisions/050): contact messages and staff mail
 * (invitations, resets, email changes, sign-in alerts) each say what a row becomes as a
 * `MailMessage`; this module reads the mail settings (MAIL_TRANSPORT, SMTP_URL, EMAILJS_*,
 * CONTACT_TO) and sends it by SMTP, through EmailJS, or into the log.
 */

/** One mail as every transport sends it. */
export interface MailMessage {
  /** Stable across attempts: the SMTP Message-ID is `<messageKey@inbox domain>`. */
  readonly messageKey: string;
  /** SMTP: the From name. The From address is always the site's inbox (CONTACT_TO, SPF/DMARC). */
  readonly senderName: string;
  readonly to: string;
  readonly replyTo?: { readonly name: string; readonly address: string } | undefined;
  readonly subject: string;
  readonly text: string;
  /** EmailJS: the template's parameters. */
  readonly templateParams: Readonly<Record<string, unknown>>;
  /** MAIL_TRANSPORT=log: what the log line says ("contact message") and its fields, by key. */
  readonly logged: {
    readonly what: string;
    readonly fields: Readonly<Record<string, unknown>>;
  };
}

/** Delivers one row of an outbox; rejects when it was not delivered (the outbox retries). */
export interface MailTransport<Row> {
  readonly name: string;
  send(row: Row): Promise<void>;
  /** Releases connections (the outbox calls this when it stops). */
  close?(): void | Promise<void>;
}

/** Writes a row of an outbox as the mail it is (the composition stays with its feature). */
export type ComposeMail<Row> = (row: Row) => MailMessage;

/** `log`: the mail is written to the log (MAIL_TRANSPORT default; nothing leaves the server). */
export function createLogTransport<Row>(
  log: FastifyBaseLogger,
  compose: ComposeMail<Row>,
): MailTransport<Row> {
  return {
    name: "log",
    async send(row) {
      const { what, fields } = compose(row).logged;
      log.info(fields, `${what} (MAIL_TRANSPORT=log: written to the log, not sent)`);
    },
  };
}

export interface SmtpTransportOptions {
  /** smtp:// or smtps:// URL, credentials included when the server needs them. */
  url: string;
  /** CONTACT_TO: the site's inbox, the From address of every mail. */
  from: string;
  /** Parallel connections kept open to the SMTP server; without it, one connection a mail. */
  maxConnections?: number;
  /** Bound on each network step, so a hung server cannot hold a message forever. */
  timeoutMs?: number;
}

/** `smtp`: nodemailer to SMTP_URL, from the site's inbox. */
export function createSmtpTransport<Row>(
  options: SmtpTransportOptions,
  compose: ComposeMail<Row>,
): MailTransport<Row> {
  const timeoutMs = options.timeoutMs ?? 20_000;
  // nodemailer (about 25 MB of memory once loaded) is imported with the first message, so a
  // process that never sends mail never loads it.
  let transporter: Promise<Transporter> | undefined;
  const connect = () =>
    (transporter ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: options.url,
        ...(options.maxConnections === undefined
          ? {}
          : { pool: true, maxConnections: options.maxConnections }),
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
      }),
    ));
  const domain = options.from.slice(options.from.lastIndexOf("@") + 1) || "localhost";
  return {
    name: "smtp",
    async send(row) {
      const mail = compose(row);
      await (
        await connect()
      ).sendMail({
        from: { name: mail.senderName, address: options.from },
        to: mail.to,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        text: mail.text,
        // The same id on every attempt, so a receiving system can recognise a repeat.
        messageId: `<${mail.messageKey}@${domain}>`,
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
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The exact JSON body EmailJS's REST API receives for one mail. */
export function emailJsPayload(
  options: EmailJsTransportOptions,
  mail: Pick<MailMessage, "templateParams">,
): Record<string, unknown> {
  return {
    service_id: options.serviceId,
    template_id: options.templateId,
    user_id: options.publicKey,
    ...(options.privateKey ? { accessToken: options.privateKey } : {}),
    template_params: mail.templateParams,
  };
}

/** `emailjs`: POST to the EmailJS REST API (EMAILJS_API_URL) from the server; keys stay here. */
export function createEmailJsTransport<Row>(
  options: EmailJsTransportOptions,
  compose: ComposeMail<Row>,
): MailTransport<Row> {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 20_000;
  return {
    name: "emailjs",
    async send(row) {
      const response = await doFetch(options.apiUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(emailJsPayload(options, compose(row))),
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

/** The EmailJS settings of the configuration (config.ts has already checked them). */
export function emailJsOptions(config: Config): EmailJsTransportOptions {
  return {
    apiUrl: config.EMAILJS_API_URL,
    serviceId: config.EMAILJS_SERVICE_ID!,
    templateId: config.EMAILJS_TEMPLATE_ID!,
    publicKey: config.EMAILJS_PUBLIC_KEY!,
    privateKey: config.EMAILJS_PRIVATE_KEY,
  };
}

/**
 * The transport MAIL_TRANSPORT names (config.ts has already checked its settings), for rows
 * `compose` writes as mail. Each outbox makes its own (its own connections, closed when it stops).
 */
export function createMailTransport<Row>(
  config: Config,
  log: FastifyBaseLogger,
  compose: ComposeMail<Row>,
  smtp: Pick<SmtpTransportOptions, "maxConnections"> = {},
): MailTransport<Row> {
  switch (config.MAIL_TRANSPORT) {
    case "smtp":
      return createSmtpTransport(
        { url: config.SMTP_URL!, from: config.CONTACT_TO!, ...smtp },
        compose,
      );
    case "emailjs":
      return createEmailJsTransport(emailJsOptions(config), compose);
    default:
      return createLogTransport(log, compose);
  }
}
