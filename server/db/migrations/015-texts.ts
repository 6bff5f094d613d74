import { type Kysely, PostgresAdapter, sql } from "kysely";

// Texts the program sends (design 13, decision 041), stored before they are sent as contact
// messages are (decision 006): a text (`sms_texts`) and one row per number it goes to
// (`sms_recipients`), which the outbox worker claims and hands to the provider once. Inbound
// texts that are neither keywords nor opt-outs in words are kept as replies (`sms_replies`);
// the sending hours are one settings row (`sms_settings`); each event's reminder switch is a row
// of `sms_event_reminders`, kept apart from the event's content. `sms_consent_events.how` says
// how an opt-out came (keyword, words, provider, staff). Every statement tolerates having run
// before (see 001).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sms_texts")
    .ifNotExists()
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    // 'staff' | 'confirmation' | 'opt_out_confirmation' | 'reminder'
    .addColumn("kind", "varchar(32)", (col) => col.notNull())
    // The whole text as it arrives (program name first, the opt-out words added).
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("segments", "integer", (col) => col.notNull())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("created_by", "varchar(254)")
    // When it is due; the sending hours may hold each recipient later.
    .addColumn("send_at", "varchar(32)", (col) => col.notNull())
    // 1: an answer a person asked for, sent at any hour.
    .addColumn("any_hour", "integer", (col) => col.notNull().defaultTo(0))
    // 'scheduled' (no recipients yet) | 'begun' (recipients stored) | 'cancelled'
    .addColumn("state", "varchar(16)", (col) => col.notNull())
    .addColumn("cancelled_at", "varchar(32)")
    // A reminder's event and session ("<event id>|<session start>"): one text per session.
    .addColumn("event_id", "varchar(200)")
    .addColumn("reminder_key", "varchar(300)", (col) => col.unique())
    .execute();
  await db.schema
    .createIndex("sms_texts_due_idx")
    .ifNotExists()
    .on("sms_texts")
    .columns(["state", "send_at"])
    .execute();
  await db.schema
    .createIndex("sms_texts_created_idx")
    .ifNotExists()
    .on("sms_texts")
    .columns(["created_at", "id"])
    .execute();

  await db.schema
    .createTable("sms_recipients")
    .ifNotExists()
    // "<text id>:<number>": one row per number per text, whoever stores it.
    .addColumn("id", "varchar(64)", (col) => col.primaryKey())
    .addColumn("text_id", "varchar(36)", (col) => col.notNull())
    .addColumn("phone", "varchar(16)", (col) => col.notNull())
    // scheduled | waiting | queued | sent | delivered | undelivered | failed | cancelled
    .addColumn("status", "varchar(16)", (col) => col.notNull())
    .addColumn("status_at", "varchar(32)", (col) => col.notNull())
    .addColumn("provider_sid", "varchar(64)")
    .addColumn("error_code", "varchar(16)")
    // Set (and committed) just before the provider is called: a row claimed again with it set
    // and no sid is first looked up at the provider, so a crash never sends it twice.
    .addColumn("handed_at", "varchar(32)")
    // The outbox's columns (server/outbox/outbox-claims.ts): 'pending' until handed over.
    .addColumn("delivery_status", "varchar(16)", (col) => col.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("next_attempt_at", "varchar(32)", (col) => col.notNull())
    .addColumn("claimed_by", "varchar(64)")
    .addColumn("claim_expires_at", "varchar(32)")
    .addColumn("delivered_at", "varchar(32)")
    .execute();
  await db.schema
    .createIndex("sms_recipients_due_idx")
    .ifNotExists()
    .on("sms_recipients")
    .columns(["delivery_status", "next_attempt_at"])
    .execute();
  await db.schema
    .createIndex("sms_recipients_text_idx")
    .ifNotExists()
    .on("sms_recipients")
    .columns(["text_id", "status"])
    .execute();
  await db.schema
    .createIndex("sms_recipients_phone_idx")
    .ifNotExists()
    .on("sms_recipients")
    .column("phone")
    .execute();
  await db.schema
    .createIndex("sms_recipients_sid_idx")
    .ifNotExists()
    .on("sms_recipients")
    .column("provider_sid")
    .execute();

  // Delivery reports that came before the provider's answer was recorded (the provider may
  // report "sent" before its 201 reaches us): applied when the message's sid is recorded.
  await db.schema
    .createTable("sms_early_reports")
    .ifNotExists()
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    .addColumn("provider_sid", "varchar(64)", (col) => col.notNull())
    .addColumn("status", "varchar(16)", (col) => col.notNull())
    .addColumn("error_code", "varchar(16)")
    .addColumn("received_at", "varchar(32)", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("sms_early_reports_sid_idx")
    .ifNotExists()
    .on("sms_early_reports")
    .column("provider_sid")
    .execute();

  await db.schema
    .createTable("sms_replies")
    .ifNotExists()
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    .addColumn("phone", "varchar(16)", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("provider_sid", "varchar(64)")
    .addColumn("received_at", "varchar(32)", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("sms_replies_received_idx")
    .ifNotExists()
    .on("sms_replies")
    .columns(["received_at", "id"])
    .execute();

  await db.schema
    .createTable("sms_settings")
    .ifNotExists()
    .addColumn("id", "varchar(16)", (col) => col.primaryKey())
    .addColumn("send_from", "varchar(5)", (col) => col.notNull())
    .addColumn("send_to", "varchar(5)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(32)", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("sms_event_reminders")
    .ifNotExists()
    .addColumn("event_id", "varchar(200)", (col) => col.primaryKey())
    .addColumn("enabled", "integer", (col) => col.notNull())
    // '1d' | '2d' | '3h'
    .addColumn("lead", "varchar(4)", (col) => col.notNull())
    // Staff's own words; null: the text made from the event.
    .addColumn("body", "text")
    .addColumn("updated_at", "varchar(32)", (col) => col.notNull())
    .execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table sms_consent_events add column if not exists how varchar(16)`.execute(db);
  } else {
    const tables = await db.introspection.getTables();
    const events = tables.find((table) => table.name === "sms_consent_events");
    if (!events?.columns.some((column) => column.name === "how")) {
      await db.schema.alterTable("sms_consent_events").addColumn("how", "varchar(16)").execute();
    }
  }
}
