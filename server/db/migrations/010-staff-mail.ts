import type { Kysely } from "kysely";

// Mail to staff (invitations, password resets; decision 028), delivered by the same outbox
// worker as contact messages (server/outbox/outbox.ts): stored first, claimed, retried with
// backoff. The body holds a one-time link, so it is blanked once delivered (the token's hash in
// staff_tokens is what the link is checked against). Every statement tolerates having run
// before (see 001).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("staff_mail")
    .ifNotExists()
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    .addColumn("to_email", "varchar(254)", (col) => col.notNull())
    .addColumn("subject", "varchar(200)", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    // 'pending' until delivered, then 'sent'.
    .addColumn("delivery_status", "varchar(16)", (col) => col.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("next_attempt_at", "varchar(32)", (col) => col.notNull())
    .addColumn("claimed_by", "varchar(64)")
    .addColumn("claim_expires_at", "varchar(32)")
    .addColumn("delivered_at", "varchar(32)")
    .execute();
  await db.schema
    .createIndex("staff_mail_due_idx")
    .ifNotExists()
    .on("staff_mail")
    .columns(["delivery_status", "next_attempt_at"])
    .execute();
}
