import { type Kysely, sql } from "kysely";

/** The tables this migration reads and fills, as they are at this point (not schema.ts). */
interface TablesAt003 {
  sms_subscribers: {
    id: string;
    phone: string;
    status: string;
    consent_text: string;
    consent_version: string;
    consented_at: string;
    source: string | null;
    client_address: string | null;
    user_agent: string | null;
    unsubscribed_at: string | null;
  };
  sms_consent_events: {
    id: string;
    phone: string;
    kind: string;
    channel: string;
    occurred_at: string;
    status_after: string;
    consent_text?: string | null;
    consent_version?: string | null;
    source?: string | null;
    client_address?: string | null;
    user_agent?: string | null;
  };
}

// The SMS consent history (append-only), one rate-limit log for every per-address limit, and
// the indexes that paginated staff lists and scheduled purges read. Every statement tolerates
// having run before, and the backfill is keyed so that two instances running it at once (or a
// run cut short and repeated) write each history row once (see 001).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sms_consent_events")
    .ifNotExists()
    // Time-ordered ids (sms-repository.ts), or `opt-in:`/`stop:` + the subscriber id for rows
    // backfilled from 002.
    .addColumn("id", "varchar(48)", (col) => col.primaryKey())
    .addColumn("phone", "varchar(20)", (col) => col.notNull())
    .addColumn("kind", "varchar(16)", (col) => col.notNull())
    .addColumn("channel", "varchar(8)", (col) => col.notNull())
    .addColumn("occurred_at", "varchar(32)", (col) => col.notNull())
    // The number's status once this event was handled ('none': no subscription exists).
    .addColumn("status_after", "varchar(16)", (col) => col.notNull())
    .addColumn("consent_text", "text")
    .addColumn("consent_version", "varchar(32)")
    .addColumn("source", "text")
    .addColumn("client_address", "varchar(64)")
    .addColumn("user_agent", "text")
    .addCheckConstraint("sms_consent_events_kind_check", sql`kind in ('opt_in', 'stop', 'start')`)
    .addCheckConstraint("sms_consent_events_channel_check", sql`channel in ('web', 'sms')`)
    .addCheckConstraint(
      "sms_consent_events_status_check",
      sql`status_after in ('subscribed', 'unsubscribed', 'none')`,
    )
    .execute();
  await db.schema
    .createIndex("sms_consent_events_phone_idx")
    .ifNotExists()
    .on("sms_consent_events")
    .columns(["phone", "occurred_at"])
    .execute();

  // Backfill: each subscriber's recorded opt-in, and its STOP when it has one.
  const data = db as unknown as Kysely<TablesAt003>;
  const subscribers = await data.selectFrom("sms_subscribers").selectAll().execute();
  for (const row of subscribers) {
    await data
      .insertInto("sms_consent_events")
      .values({
        id: `opt-in:${row.id}`,
        phone: row.phone,
        kind: "opt_in",
        channel: "web",
        occurred_at: row.consented_at,
        status_after: "subscribed",
        consent_text: row.consent_text,
        consent_version: row.consent_version,
        source: row.source,
        client_address: row.client_address,
        user_agent: row.user_agent,
      })
      .onConflict((conflict) => conflict.column("id").doNothing())
      .execute();
    if (row.status === "unsubscribed" && row.unsubscribed_at !== null) {
      await data
        .insertInto("sms_consent_events")
        .values({
          id: `stop:${row.id}`,
          phone: row.phone,
          kind: "stop",
          channel: "sms",
          occurred_at: row.unsubscribed_at,
          status_after: "unsubscribed",
        })
        .onConflict((conflict) => conflict.column("id").doNothing())
        .execute();
    }
  }

  await db.schema
    .createIndex("sms_subscribers_list_idx")
    .ifNotExists()
    .on("sms_subscribers")
    .columns(["consented_at", "id"])
    .execute();

  await db.schema
    .createTable("rate_limit_hits")
    .ifNotExists()
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    // Which limit counts this hit: 'contact', 'sms'.
    .addColumn("scope", "varchar(16)", (col) => col.notNull())
    .addColumn("client", "varchar(64)", (col) => col.notNull())
    .addColumn("hit_at", "varchar(32)", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("rate_limit_hits_client_idx")
    .ifNotExists()
    .on("rate_limit_hits")
    .columns(["scope", "client", "hit_at"])
    .execute();
  await db.schema
    .createIndex("rate_limit_hits_time_idx")
    .ifNotExists()
    .on("rate_limit_hits")
    .column("hit_at")
    .execute();
  // 002's contact-only log: its rows lived one minute; the contact limit counts in the table above.
  await db.schema.dropTable("contact_rate_hits").ifExists().execute();

  // Scheduled purges find old rows by time.
  await db.schema
    .createIndex("login_failures_time_idx")
    .ifNotExists()
    .on("login_failures")
    .column("failed_at")
    .execute();
  await db.schema
    .createIndex("contact_messages_spam_idx")
    .ifNotExists()
    .on("contact_messages")
    .columns(["spam", "created_at"])
    .execute();
}
