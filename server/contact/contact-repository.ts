import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type {
  ContactMessagePage,
  ContactMessageRecord,
  DeliveryStatus,
  SpamReason,
} from "../../common/contact.js";
import type { Dialect } from "../db/database.js";
import type { ContactMessagesTable, Database } from "../db/schema.js";
import { isoAt } from "../db/time.js";
import { claimDueRows, createClaimUpdates } from "../outbox/outbox-claims.js";

/** A message as the outbox hands it to a transport. */
export interface ContactMail {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  message: string;
  /** The course the message is about (Inquire), or null. */
  course: string | null;
  createdAt: string;
}

/** A row the calling worker now holds: nobody else delivers it until the claim lapses. */
export interface ClaimedMessage extends ContactMail {
  /** The claim token; finishing a row requires it, so a lapsed claim cannot finish twice. */
  claim: string;
  attempts: number;
}

export interface NewContactMessage {
  firstName: string;
  lastName: string;
  email: string;
  message: string;
  /** The course the message is about (Inquire); empty or absent: none. */
  course?: string;
  /** 'honeypot' stores the message as spam, never to be delivered. */
  spamReason: SpamReason | null;
}

export type RetryOutcome =
  | { outcome: "scheduled"; record: ContactMessageRecord }
  | { outcome: "not_found" }
  | { outcome: "already_sent" }
  | { outcome: "spam" };

export interface ContactRepository {
  /** Stores a new message, due for delivery now (unless spam); returns its id. */
  insert(input: NewContactMessage): Promise<string>;
  get(id: string): Promise<ContactMessageRecord | undefined>;
  /** Newest first; `before` is a cursor from a previous page. */
  list(options: { limit: number; before?: string }): Promise<ContactMessagePage>;
  /** Makes an undelivered message due now. */
  retryNow(id: string): Promise<RetryOutcome>;
  /** Marks or unmarks as spam; unmarking an undelivered message makes it due now. */
  setSpam(id: string, spam: boolean): Promise<ContactMessageRecord | undefined>;

  /**
   * Atomically claims up to `limit` due messages for `ttlMs` under one fresh claim token. Two
   * workers (or two instances on one PostgreSQL) never hold the same row; a crashed worker's
   * claims lapse after `ttlMs`.
   */
  claimDue(limit: number, ttlMs: number): Promise<ClaimedMessage[]>;
  /**
   * Extends the claim `claim` (every row it still holds) to `ttlMs` from now: a worker renews
   * its claims while it sends, so claims can be short and a crashed worker's rows come back
   * soon. Returns how many rows the claim still holds.
   */
  renew(claim: string, ttlMs: number): Promise<number>;
  /** Records a delivery (the last error, if any, is kept); false when the claim was lost. */
  markSent(id: string, claim: string): Promise<boolean>;
  /** Records a failed attempt and when to try again; false when the claim was lost. */
  markFailed(id: string, claim: string, error: string, nextAttemptAt: string): Promise<boolean>;
  /** Gives a claimed row back untouched (a stopping worker that did not start it). */
  release(id: string, claim: string): Promise<void>;
}

export function deliveryStatusOf(
  row: Pick<ContactMessagesTable, "spam" | "delivery_status" | "attempts">,
): DeliveryStatus {
  if (Number(row.spam) === 1) return "spam";
  if (row.delivery_status === "sent") return "sent";
  return Number(row.attempts) > 0 ? "failed" : "pending";
}

function toRecord(row: Selectable<ContactMessagesTable>): ContactMessageRecord {
  const status = deliveryStatusOf(row);
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    message: row.message,
    course: row.course,
    createdAt: row.created_at,
    status,
    spamReason: Number(row.spam) === 1 ? ((row.spam_reason ?? "staff") as SpamReason) : null,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    nextAttemptAt: row.delivery_status === "sent" ? null : row.next_attempt_at,
    deliveredAt: row.delivered_at,
  };
}

function encodeCursor(row: { created_at: string; id: string }): string {
  return `${row.created_at}|${row.id}`;
}

function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  const bar = cursor.indexOf("|");
  if (bar <= 0) return null;
  return { createdAt: cursor.slice(0, bar), id: cursor.slice(bar + 1) };
}

export function createContactRepository(
  db: Kysely<Database>,
  dialect: Dialect,
  clock: () => number,
): ContactRepository {
  const get = async (id: string) => {
    const row = await db
      .selectFrom("contact_messages")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    return row ? toRecord(row) : undefined;
  };

  return {
    async insert(input) {
      const id = randomUUID();
      const now = isoAt(clock());
      await db
        .insertInto("contact_messages")
        .values({
          id,
          first_name: input.firstName,
          last_name: input.lastName,
          email: input.email,
          message: input.message,
          course: input.course || null,
          created_at: now,
          delivery_status: "pending",
          spam: input.spamReason ? 1 : 0,
          spam_reason: input.spamReason,
          attempts: 0,
          last_error: null,
          next_attempt_at: now,
          claimed_by: null,
          claim_expires_at: null,
          delivered_at: null,
        })
        .execute();
      return id;
    },

    get,

    async list({ limit, before }) {
      const cursor = before === undefined ? null : decodeCursor(before);
      const rows = await db
        .selectFrom("contact_messages")
        .selectAll()
        .$if(cursor !== null, (query) =>
          query.where((eb) =>
            eb.or([
              eb("created_at", "<", cursor!.createdAt),
              eb.and([eb("created_at", "=", cursor!.createdAt), eb("id", "<", cursor!.id)]),
            ]),
          ),
        )
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit + 1)
        .execute();
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        messages: page.map(toRecord),
        nextBefore: rows.length > limit && last ? encodeCursor(last) : null,
      };
    },

    async retryNow(id) {
      const row = await db
        .selectFrom("contact_messages")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row) return { outcome: "not_found" };
      if (row.delivery_status === "sent") return { outcome: "already_sent" };
      if (Number(row.spam) === 1) return { outcome: "spam" };
      await db
        .updateTable("contact_messages")
        .set({ next_attempt_at: isoAt(clock()) })
        .where("id", "=", id)
        .where("delivery_status", "=", "pending")
        .execute();
      const record = await get(id);
      return record ? { outcome: "scheduled", record } : { outcome: "not_found" };
    },

    async setSpam(id, spam) {
      const result = await db
        .updateTable("contact_messages")
        .set(
          spam
            ? { spam: 1, spam_reason: "staff" }
            : // Unmarked: an undelivered message is due now (a sent one keeps its time; harmless).
              { spam: 0, spam_reason: null, next_attempt_at: isoAt(clock()) },
        )
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      return get(id);
    },

    async claimDue(limit, ttlMs) {
      const { claim, ids } = await claimDueRows(db, dialect, "contact_messages", {
        limit,
        ttlMs,
        now: clock(),
        notSpam: true,
      });
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom("contact_messages")
        .select([
          "id",
          "first_name",
          "last_name",
          "email",
          "message",
          "course",
          "created_at",
          "attempts",
        ])
        .where("id", "in", ids)
        .where("claimed_by", "=", claim)
        .orderBy("next_attempt_at")
        .execute();
      return rows.map((row) => ({
        id: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        message: row.message,
        course: row.course,
        createdAt: row.created_at,
        attempts: Number(row.attempts),
        claim,
      }));
    },

    ...createClaimUpdates(db, "contact_messages", clock),
  };
}
