import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Transporter } from "nodemailer";
import type { Config } from "../config.js";
import type { Dialect } from "../db/database.js";
import type { Database } from "../db/schema.js";
import { isoAt } from "../db/time.js";
import type { OutboxRepository } from "../outbox/outbox.js";
import { claimDueRows, createClaimUpdates } from "../outbox/outbox-claims.js";

/** One mail to a staff member, as the outbox worker holds it. */
export interface StaffMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  claim: string;
  attempts: number;
}

export interface StaffMailRepository extends OutboxRepository<StaffMail> {
  /** Stores a mail, due now; the outbox worker sends it (and retries until it is delivered). */
  enqueue(mail: { to: string; subject: string; text: string }): Promise<void>;
}

/**
 * The staff mail outbox rows (migration 010): claimed as the contact messages are (one
 * statement, SKIP LOCKED on PostgreSQL; see contact-repository.ts), so instances never send one
 * twice at once. A delivered mail's body, which holds a one-time link, is blanked.
 */
export function createStaffMailRepository(
  db: Kysely<Database>,
  dialect: Dialect,
  clock: () => number,
): StaffMailRepository {
  return {
    async enqueue(mail) {
      const now = isoAt(clock());
      await db
        .insertInto("staff_mail")
        .values({
          id: randomUUID(),
          to_email: mail.to,
          subject: mail.subject.slice(0, 200),
          body: mail.text,
          created_at: now,
          delivery_status: "pending",
          attempts: 0,
          last_error: null,
          next_attempt_at: now,
          claimed_by: null,
          claim_expires_at: null,
          delivered_at: null,
        })
        .execute();
    },
    async claimDue(limit, ttlMs) {
      const { claim, ids } = await claimDueRows(db, dialect, "staff_mail", {
        limit,
        ttlMs,
        now: clock(),
      });
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom("staff_mail")
        .select(["id", "to_email", "subject", "body", "attempts"])
        .where("id", "in", ids)
        .where("claimed_by", "=", claim)
        .orderBy("next_attempt_at")
        .execute();
      return rows.map((row) => ({
        id: row.id,
        to: row.to_email,
        subject: row.subject,
        text: row.body,
        attempts: Number(row.attempts),
        claim,
      }));
    },
    ...createClaimUpdates(db, "staff_mail", clock, { blankBodyWhenSent: true }),
  };
}

export interface StaffMailTransport {
  readonly name: string;
  send(mail: StaffMail): Promise<void>;
  close?(): void | Promise<void>;
}

/**
 * Sends staff mail the way MAIL_TRANSPORT sends contact messages: SMTP from the site's inbox
 * (CONTACT_TO) to the staff member, EmailJS with the recipient as `to_email`, or the log (the
 * link is written there: enough for a first start on one machine).
 */
export function createStaffMailTransport(
  config: Config,
  log: FastifyBaseLogger,
): StaffMailTransport {
  switch (config.MAIL_TRANSPORT) {
    case "smtp": {
      let transporter: Promise<Transporter> | undefined;
      const connect = () =>
        (transporter ??= import("nodemailer").then(({ default: nodemailer }) =>
          nodemailer.createTransport({
            url: config.SMTP_URL!,
            connectionTimeout: 20_000,
            greetingTimeout: 20_000,
            socketTimeout: 20_000,
          }),
        ));
      const from = config.CONTACT_TO!;
      return {
        name: "smtp",
        async send(mail) {
          await (
            await connect()
          ).sendMail({
            from: { name: "Website staff pages", address: from },
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            messageId: `<staff-${mail.id}@${from.slice(from.lastIndexOf("@") + 1) || "localhost"}>`,
          });
        },
        close() {
          void transporter?.then((opened) => opened.close());
        },
      };
    }
    case "emailjs":
      return {
        name: "emailjs",
        async send(mail) {
          const response = await fetch(config.EMAILJS_API_URL, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({
              service_id: config.EMAILJS_SERVICE_ID,
              template_id: config.EMAILJS_TEMPLATE_ID,
              user_id: config.EMAILJS_PUBLIC_KEY,
              ...(config.EMAILJS_PRIVATE_KEY ? { accessToken: config.EMAILJS_PRIVATE_KEY } : {}),
              template_params: {
                from_name: "Website staff pages",
                reply_to: config.CONTACT_TO,
                to_email: mail.to,
                subject: mail.subject,
                message: mail.text,
              },
            }),
            signal: AbortSignal.timeout(20_000),
          });
          if (!response.ok) throw new Error(`EmailJS answered ${response.status}`);
          await response.body?.cancel().catch(() => {});
        },
      };
    default:
      return {
        name: "log",
        async send(mail) {
          log.info(
            { staffMail: { id: mail.id, to: mail.to, subject: mail.subject, text: mail.text } },
            "staff mail (MAIL_TRANSPORT=log: written to the log, not sent)",
          );
        },
      };
  }
}
