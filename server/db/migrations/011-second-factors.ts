import { type Kysely, sql } from "kysely";

// Second factors of staff accounts (decision 032): TOTP secrets, hashed recovery codes,
// passkeys, and the short-lived challenges of a sign-in's second step and of WebAuthn. The
// grace before a factor is required runs from `factor_grace_from`: the account's creation, or
// this upgrade for accounts that exist already, or a promotion to owner or administrator.
// Every statement tolerates having run before (see 001).
export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL says "if not exists" itself; SQLite's columns are listed first.
  if (db.getExecutor().adapter.supportsTransactionalDdl) {
    await sql`alter table staff_accounts add column if not exists factor_grace_from varchar(32)`.execute(
      db,
    );
  } else {
    const { rows } = await sql<{ name: string }>`pragma table_info(staff_accounts)`.execute(db);
    if (!rows.some((column) => column.name === "factor_grace_from")) {
      await db.schema
        .alterTable("staff_accounts")
        .addColumn("factor_grace_from", "varchar(32)")
        .execute();
    }
  }
  // Accounts made before this upgrade get their grace from now, not from their creation.
  await sql`update staff_accounts set factor_grace_from = ${new Date().toISOString()} where factor_grace_from is null`.execute(
    db,
  );

  await db.schema
    .createTable("staff_totp")
    .ifNotExists()
    .addColumn("account_id", "varchar(36)", (col) =>
      col.primaryKey().references("staff_accounts.id").onDelete("cascade"),
    )
    // Base32, as shown to the person; stored in clear (decision 032).
    .addColumn("secret", "varchar(64)", (col) => col.notNull())
    // Null until a first code confirms it; only a confirmed TOTP counts as a factor.
    .addColumn("confirmed_at", "varchar(32)")
    // The time step of the last code accepted: a code of that step or before is a replay.
    .addColumn("last_step", "integer")
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("staff_recovery_codes")
    .ifNotExists()
    // SHA-256 of the code (80 random bits, so a plain digest is enough).
    .addColumn("code_hash", "varchar(64)", (col) => col.primaryKey())
    .addColumn("account_id", "varchar(36)", (col) =>
      col.notNull().references("staff_accounts.id").onDelete("cascade"),
    )
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("used_at", "varchar(32)")
    .execute();
  await db.schema
    .createIndex("staff_recovery_codes_account_idx")
    .ifNotExists()
    .on("staff_recovery_codes")
    .column("account_id")
    .execute();

  await db.schema
    .createTable("staff_passkeys")
    .ifNotExists()
    // The credential id, base64url.
    .addColumn("id", "varchar(512)", (col) => col.primaryKey())
    .addColumn("account_id", "varchar(36)", (col) =>
      col.notNull().references("staff_accounts.id").onDelete("cascade"),
    )
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    // COSE public key, base64url.
    .addColumn("public_key", "text", (col) => col.notNull())
    .addColumn("counter", "integer", (col) => col.notNull().defaultTo(0))
    // JSON array of transports the authenticator named, or null.
    .addColumn("transports", "varchar(200)")
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("last_used_at", "varchar(32)")
    .execute();
  await db.schema
    .createIndex("staff_passkeys_account_idx")
    .ifNotExists()
    .on("staff_passkeys")
    .column("account_id")
    .execute();

  await db.schema
    .createTable("staff_auth_challenges")
    .ifNotExists()
    // SHA-256 of the ticket handed to the browser; the ticket itself is never stored.
    .addColumn("id_hash", "varchar(64)", (col) => col.primaryKey())
    .addColumn("purpose", "varchar(24)", (col) => col.notNull())
    .addColumn("account_id", "varchar(36)", (col) =>
      col.references("staff_accounts.id").onDelete("cascade"),
    )
    // The WebAuthn challenge, base64url (null for a second step by code).
    .addColumn("challenge", "varchar(128)")
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("expires_at", "varchar(32)", (col) => col.notNull())
    .addCheckConstraint(
      "staff_auth_challenges_purpose_check",
      sql`purpose in ('second-step', 'passkey-register', 'passkey-sign-in')`,
    )
    .execute();
}
