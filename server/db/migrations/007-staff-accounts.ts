import { type Kysely, sql } from "kysely";

// Named staff accounts (docs/product.md 5.0, decision 028): one row per person, the one-time links
// (setup, invitation, password reset) as hashed tokens, and sessions that name their account.
// The old sessions named nobody, so they are dropped: everyone signs in once more after the
// upgrade (the old password still works, see server/accounts/bootstrap.ts). Every statement
// tolerates having run before (see 001).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("staff_accounts")
    .ifNotExists()
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    // As typed; null only for an owner carried over from the single password, until it signs in.
    .addColumn("email", "varchar(254)")
    // The email lower-cased: the unique key, so addresses compare case-insensitively.
    .addColumn("email_key", "varchar(254)", (col) => col.unique())
    .addColumn("name", "varchar(200)", (col) => col.notNull())
    .addColumn("role", "varchar(16)", (col) => col.notNull())
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("state", "varchar(16)", (col) => col.notNull().defaultTo("active"))
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(32)", (col) => col.notNull())
    .addCheckConstraint(
      "staff_accounts_role_check",
      sql`role in ('owner', 'administrator', 'editor', 'contributor')`,
    )
    .addCheckConstraint("staff_accounts_state_check", sql`state in ('active', 'deactivated')`)
    .execute();

  await db.schema
    .createTable("staff_tokens")
    .ifNotExists()
    // SHA-256 of the token in the link; the token itself is never stored.
    .addColumn("id_hash", "varchar(64)", (col) => col.primaryKey())
    .addColumn("purpose", "varchar(16)", (col) => col.notNull())
    .addColumn("account_id", "varchar(36)", (col) =>
      col.references("staff_accounts.id").onDelete("cascade"),
    )
    // An invitation's address and role.
    .addColumn("email", "varchar(254)")
    .addColumn("role", "varchar(16)")
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("expires_at", "varchar(32)", (col) => col.notNull())
    .addColumn("used_at", "varchar(32)")
    .addCheckConstraint(
      "staff_tokens_purpose_check",
      sql`purpose in ('setup', 'invitation', 'reset')`,
    )
    .execute();

  await db.schema.dropTable("admin_sessions").ifExists().execute();
  await db.schema
    .createTable("admin_sessions")
    .ifNotExists()
    .addColumn("id_hash", "varchar(64)", (col) => col.primaryKey())
    .addColumn("account_id", "varchar(36)", (col) =>
      col.notNull().references("staff_accounts.id").onDelete("cascade"),
    )
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("last_seen_at", "varchar(32)", (col) => col.notNull())
    .addColumn("client_address", "varchar(64)")
    .addColumn("user_agent", "varchar(512)")
    .execute();
  await db.schema
    .createIndex("admin_sessions_account_idx")
    .ifNotExists()
    .on("admin_sessions")
    .column("account_id")
    .execute();
}
