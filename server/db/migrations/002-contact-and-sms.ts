import { type Kysely, sql } from "kysely";

// Contact messages with their delivery outbox, the contact rate-limit log, and SMS subscribers
// with their consent record. Every statement tolerates having run before (see 001).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("contact_messages")
    .ifNotExists()
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    .addColumn("first_name", "text", (col) => col.notNull())
    .addColumn("last_name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    // Outbox: 'pending' until delivered, then 'sent' with delivered_at.
    .addColumn("delivery_status", "varchar(16)", (col) => col.notNull())
    .addColumn("spam", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("spam_reason", "varchar(16)")
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("next_attempt_at", "varchar(32)", (col) => col.notNull())
    .addColumn("claimed_by", "varchar(80)")
    .addColumn("claim_expires_at", "varchar(32)")
    .addColumn("delivered_at", "varchar(32)")
    .addCheckConstraint(
      "contact_messages_delivery_status_check",
      sql`delivery_status in ('pending', 'sent')`,
    )
    .addCheckConstraint("contact_messages_spam_check", sql`spam in (0, 1)`)
    .execute();
  await db.schema
    .createIndex("contact_messages_due_idx")
    .ifNotExists()
    .on("contact_messages")
    .columns(["delivery_status", "spam", "next_attempt_at"])
    .execute();
  await db.schema
    .createIndex("contact_messages_created_idx")
    .ifNotExists()
    .on("contact_messages")
    .columns(["created_at", "id"])
    .execute();

  await db.schema
    .createTable("contact_rate_hits")
    .ifNotExists()
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    .addColumn("client", "varchar(64)", (col) => col.notNull())
    .addColumn("hit_at", "varchar(32)", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("contact_rate_hits_client_idx")
    .ifNotExists()
    .on("contact_rate_hits")
    .columns(["client", "hit_at"])
    .execute();
  await db.schema
    .createIndex("contact_rate_hits_time_idx")
    .ifNotExists()
    .on("contact_rate_hits")
    .column("hit_at")
    .execute();

  await db.schema
    .createTable("sms_subscribers")
    .ifNotExists()
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    .addColumn("phone", "varchar(20)", (col) => col.notNull().unique())
    .addColumn("status", "varchar(16)", (col) => col.notNull())
    .addColumn("consent_text", "text", (col) => col.notNull())
    .addColumn("consent_version", "varchar(32)", (col) => col.notNull())
    .addColumn("consented_at", "varchar(32)", (col) => col.notNull())
    .addColumn("source", "text")
    .addColumn("client_address", "varchar(64)")
    .addColumn("user_agent", "text")
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("unsubscribed_at", "varchar(32)")
    .addColumn("updated_at", "varchar(32)", (col) => col.notNull())
    .addCheckConstraint(
      "sms_subscribers_status_check",
      sql`status in ('subscribed', 'unsubscribed')`,
    )
    .execute();
  await db.schema
    .createIndex("sms_subscribers_consented_idx")
    .ifNotExists()
    .on("sms_subscribers")
    .column("consented_at")
    .execute();
}
