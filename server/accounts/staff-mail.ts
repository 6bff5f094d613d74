import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Config } from "../config.js";
import type { Dialect } from "../db/database.js";
import type { Database } from "../db/schema.js";
import { isoAt } from "../db/time.js";
import type { OutboxRepository } from "../outbox/outbox.js";
import { claimDueRows, createClaimUpdates } from "../outbox/outbox-claims.js";
import {
  createMailTransport,
  type MailMessage,
  type MailTransport,
} from "../mail/mail-transport.js";

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

/** Delivers one staff mail; rejects when it was not delivered (the outbox retries). */
export type StaffMailTransport = MailTransport<StaffMail>;

/**
 * A staff mail as it leaves: from the site's inbox (`inbox`, CONTACT_TO) to the staff member,
 * with the recipient as EmailJS's `to_email`. The log transport writes the whole mail, link
 * included: enough for a first start on one machine.
 */
export function staffMailMessage(mail: StaffMail, inbox: string): MailMessage {
  return {
    messageKey: `staff-${mail.id}`,
    senderName: "Website staff pages",
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    templateParams: {
      from_name: "Website staff pages",
      reply_to: inbox,
      to_email: mail.to,
      subject: mail.subject,
      message: mail.text,
    },
    logged: {
      what: "staff mail",
      fields: { staffMail: { id: mail.id, to: mail.to, subject: mail.subject, text: mail.text } },
    },
  };
}

/** The staff mail outbox's transport: MAIL_TRANSPORT's, one SMTP connection a mail. */
export function createStaffMailTransport(
  config: Config,
  log: FastifyBaseLogger,
): StaffMailTransport {
  const inbox = config.CONTACT_TO ?? "";
  return createMailTransport(config, log, (mail: StaffMail) => staffMailMessage(mail, inbox));
}
