import { randomBytes, randomUUID } from "node:crypto";
import type { ExpressionBuilder, Kysely, Selectable } from "kysely";
import { can, STAFF_ROLES } from "../../common/staff-access.js";
import type { Database, StaffAccountsTable, StaffRole, StaffTokensTable } from "../db/schema.js";
import { isoAt } from "../db/time.js";
import { hashToken } from "./session-store.js";

export type StaffAccount = Selectable<StaffAccountsTable>;
export type StaffToken = Selectable<StaffTokensTable>;

/** Emails compare case-insensitively: the key is the trimmed address lower-cased. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export class EmailTakenError extends Error {
  constructor() {
    super("An account with this email already exists");
  }
}

export interface NewAccount {
  email: string | null;
  name: string;
  role: StaffRole;
  passwordHash: string;
}

export interface AccountRepository {
  findById(id: string): Promise<StaffAccount | undefined>;
  findByEmail(email: string): Promise<StaffAccount | undefined>;
  /** The owner carried over from the single password, while it has no email yet. */
  findEmaillessOwner(): Promise<StaffAccount | undefined>;
  count(): Promise<number>;
  /** Throws EmailTakenError when the address (in any case) has an account already. */
  create(account: NewAccount): Promise<StaffAccount>;
  /** Gives the email-less owner its address, unless another account took it meanwhile. */
  claimEmail(id: string, email: string): Promise<boolean>;
  /** A one-time link's token (256 random bits); only its hash is stored. */
  createToken(
    purpose: StaffToken["purpose"],
    ttlMs: number,
    fields?: Partial<Pick<StaffToken, "account_id" | "email" | "role" | "sent_by">>,
  ): Promise<string>;
  /** The token's row while it is unused and unexpired (it stays usable). */
  peekToken(purpose: StaffToken["purpose"], token: string): Promise<StaffToken | undefined>;
  /** Marks the token used, once: the row, or undefined when it was used, expired or unknown. */
  consumeToken(purpose: StaffToken["purpose"], token: string): Promise<StaffToken | undefined>;
  /** True while an unused, unexpired token of this purpose exists. */
  hasLiveToken(purpose: StaffToken["purpose"]): Promise<boolean>;
  /** The unused, unexpired tokens of a purpose, newest first (pending invitations). */
  liveTokens(purpose: StaffToken["purpose"]): Promise<StaffToken[]>;
  /** Ends a live token by its stored hash (a revoked invitation); false when none was live. */
  revokeToken(purpose: StaffToken["purpose"], idHash: string): Promise<boolean>;
  /** Sets the password and ends every live reset link of the account (decision 040). */
  setPassword(id: string, passwordHash: string): Promise<void>;
  /**
   * A reset link used: the token consumed, the password set and every other live reset link of
   * the account ended, at once; the account, or undefined when the link was used, ended or
   * expired meanwhile or its account is not active.
   */
  completeReset(token: string, passwordHash: string): Promise<StaffAccount | undefined>;
  /**
   * Gives the account a new address and ends its live reset links (they were mailed to the old
   * one); throws EmailTakenError when another has it (any case).
   */
  changeEmail(id: string, email: string): Promise<StaffAccount | undefined>;
  /** Every account, the owner first, then by name. */
  list(): Promise<StaffAccount[]>;
  /**
   * Changes name, role, state or the start of the second-factor grace; the account as it is now
   * (undefined when unknown). Deactivated or made less than an administrator, it withdraws the
   * invitations it sent.
   */
  update(
    id: string,
    change: Partial<Pick<StaffAccount, "name" | "role" | "state" | "factor_grace_from">>,
  ): Promise<StaffAccount | undefined>;
  /**
   * Deletes the account (its sessions and links go with it, the invitations it sent are
   * withdrawn; the audit log keeps its email).
   */
  remove(id: string): Promise<void>;
}

function isUniqueViolation(error: unknown): boolean {
  const text =
    error instanceof Error ? `${error.message} ${(error as { code?: string }).code}` : "";
  return /UNIQUE constraint failed|duplicate key|23505/.test(text);
}

/** The roles that may send invitations: a sender no longer in one withdraws their invitations. */
const INVITING_ROLES = STAFF_ROLES.filter((role) => can(role, "staff"));

/**
 * A link's sender still stands behind it: always for links without a sender (setup, reset and
 * invitations from before migration 014); for an invitation, while its sender is an active
 * owner or administrator. Checked at every use, besides the withdrawal when the sender changes,
 * so no way of changing an account (a command, a restore) leaves an invitation it should end.
 */
function senderStandsBehind(eb: ExpressionBuilder<Database, "staff_tokens">) {
  return eb.or([
    eb("staff_tokens.sent_by", "is", null),
    eb.exists(
      eb
        .selectFrom("staff_accounts as sender")
        .select("sender.id")
        .whereRef("sender.id", "=", "staff_tokens.sent_by")
        .where("sender.state", "=", "active")
        .where("sender.role", "in", INVITING_ROLES),
    ),
  ]);
}

/** Withdraws the live invitations an account sent (it was deactivated, removed or demoted). */
async function withdrawInvitationsOf(
  db: Kysely<Database>,
  accountId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable("staff_tokens")
    .set({ used_at: now })
    .where("purpose", "=", "invitation")
    .where("sent_by", "=", accountId)
    .where("used_at", "is", null)
    .execute();
}

/** Thrown inside a transaction to roll it back when a reset link is no longer live. */
class ResetGone extends Error {}

/** Ends every live reset link of an account: a password or email change makes them stale. */
async function endResetLinks(db: Kysely<Database>, accountId: string, now: string): Promise<void> {
  await db
    .updateTable("staff_tokens")
    .set({ used_at: now })
    .where("purpose", "=", "reset")
    .where("account_id", "=", accountId)
    .where("used_at", "is", null)
    .execute();
}

export function createAccountRepository(
  db: Kysely<Database>,
  clock: () => number,
): AccountRepository {
  const live = (
    purpose: StaffToken["purpose"],
    idHash: string | undefined,
    now: string,
    executor: Kysely<Database> = db,
  ) => {
    let query = executor
      .selectFrom("staff_tokens")
      .selectAll()
      .where("purpose", "=", purpose)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .where(senderStandsBehind);
    if (idHash !== undefined) query = query.where("id_hash", "=", idHash);
    return query;
  };
  return {
    findById: (id) =>
      db.selectFrom("staff_accounts").selectAll().where("id", "=", id).executeTakeFirst(),
    findByEmail: (email) =>
      db
        .selectFrom("staff_accounts")
        .selectAll()
        .where("email_key", "=", emailKey(email))
        .executeTakeFirst(),
    findEmaillessOwner: () =>
      db
        .selectFrom("staff_accounts")
        .selectAll()
        .where("role", "=", "owner")
        .where("email_key", "is", null)
        .orderBy("created_at")
        .executeTakeFirst(),
    async count() {
      const row = await db
        .selectFrom("staff_accounts")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async create(account) {
      const now = isoAt(clock());
      const row: StaffAccount = {
        id: randomUUID(),
        email: account.email?.trim() ?? null,
        email_key: account.email === null ? null : emailKey(account.email),
        name: account.name,
        role: account.role,
        password_hash: account.passwordHash,
        state: "active",
        created_at: now,
        updated_at: now,
        factor_grace_from: now,
      };
      try {
        await db.insertInto("staff_accounts").values(row).execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new EmailTakenError();
        throw error;
      }
      return row;
    },
    async claimEmail(id, email) {
      try {
        const result = await db
          .updateTable("staff_accounts")
          .set({ email: email.trim(), email_key: emailKey(email), updated_at: isoAt(clock()) })
          .where("id", "=", id)
          .where("email_key", "is", null)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === 1;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    async createToken(purpose, ttlMs, fields = {}) {
      const token = randomBytes(32).toString("base64url");
      const now = clock();
      await db
        .insertInto("staff_tokens")
        .values({
          id_hash: hashToken(token),
          purpose,
          account_id: fields.account_id ?? null,
          email: fields.email ?? null,
          role: fields.role ?? null,
          sent_by: fields.sent_by ?? null,
          created_at: isoAt(now),
          expires_at: isoAt(now + ttlMs),
          used_at: null,
        })
        .execute();
      return token;
    },
    async peekToken(purpose, token) {
      if (!token || token.length > 128) return undefined;
      return live(purpose, hashToken(token), isoAt(clock())).executeTakeFirst();
    },
    async consumeToken(purpose, token) {
      if (!token || token.length > 128) return undefined;
      const now = isoAt(clock());
      const idHash = hashToken(token);
      // One conditional update: of two requests racing with one token, only one changes the row.
      const result = await db
        .updateTable("staff_tokens")
        .set({ used_at: now })
        .where("id_hash", "=", idHash)
        .where("purpose", "=", purpose)
        .where("used_at", "is", null)
        .where("expires_at", ">", now)
        .where(senderStandsBehind)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      return db
        .selectFrom("staff_tokens")
        .selectAll()
        .where("id_hash", "=", idHash)
        .executeTakeFirst();
    },
    async hasLiveToken(purpose) {
      return (await live(purpose, undefined, isoAt(clock())).executeTakeFirst()) !== undefined;
    },
    liveTokens: (purpose) =>
      live(purpose, undefined, isoAt(clock())).orderBy("created_at", "desc").execute(),
    async revokeToken(purpose, idHash) {
      const now = isoAt(clock());
      const result = await db
        .updateTable("staff_tokens")
        .set({ used_at: now })
        .where("id_hash", "=", idHash)
        .where("purpose", "=", purpose)
        .where("used_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async list() {
      const rows = await db.selectFrom("staff_accounts").selectAll().orderBy("name").execute();
      return [
        ...rows.filter((row) => row.role === "owner"),
        ...rows.filter((row) => row.role !== "owner"),
      ];
    },
    async update(id, change) {
      await db.transaction().execute(async (trx) => {
        const now = isoAt(clock());
        await trx
          .updateTable("staff_accounts")
          .set({ ...change, updated_at: now })
          .where("id", "=", id)
          .execute();
        const losesStaff =
          change.state === "deactivated" ||
          (change.role !== undefined && !INVITING_ROLES.includes(change.role));
        if (losesStaff) await withdrawInvitationsOf(trx, id, now);
      });
      return db.selectFrom("staff_accounts").selectAll().where("id", "=", id).executeTakeFirst();
    },
    async remove(id) {
      await db.transaction().execute(async (trx) => {
        await withdrawInvitationsOf(trx, id, isoAt(clock()));
        await trx.deleteFrom("staff_accounts").where("id", "=", id).execute();
      });
    },
    async changeEmail(id, email) {
      try {
        await db.transaction().execute(async (trx) => {
          const now = isoAt(clock());
          await trx
            .updateTable("staff_accounts")
            .set({ email: email.trim(), email_key: emailKey(email), updated_at: now })
            .where("id", "=", id)
            .execute();
          await endResetLinks(trx, id, now);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new EmailTakenError();
        throw error;
      }
      return db.selectFrom("staff_accounts").selectAll().where("id", "=", id).executeTakeFirst();
    },
    async setPassword(id, passwordHash) {
      await db.transaction().execute(async (trx) => {
        const now = isoAt(clock());
        await trx
          .updateTable("staff_accounts")
          .set({ password_hash: passwordHash, updated_at: now })
          .where("id", "=", id)
          .execute();
        await endResetLinks(trx, id, now);
      });
    },
    async completeReset(token, passwordHash) {
      if (!token || token.length > 128) return undefined;
      const idHash = hashToken(token);
      try {
        return await db.transaction().execute(async (trx) => {
          const now = isoAt(clock());
          const link = await live("reset", idHash, now, trx).executeTakeFirst();
          if (!link?.account_id) throw new ResetGone();
          // The account's row first: two links of one account used at once wait for each
          // other here, and the second then finds itself ended by the first.
          const locked = await trx
            .updateTable("staff_accounts")
            .set({ updated_at: now })
            .where("id", "=", link.account_id)
            .where("state", "=", "active")
            .executeTakeFirst();
          if (Number(locked.numUpdatedRows) !== 1) throw new ResetGone();
          const consumed = await trx
            .updateTable("staff_tokens")
            .set({ used_at: now })
            .where("id_hash", "=", idHash)
            .where("purpose", "=", "reset")
            .where("used_at", "is", null)
            .where("expires_at", ">", now)
            .executeTakeFirst();
          if (Number(consumed.numUpdatedRows) !== 1) throw new ResetGone();
          await trx
            .updateTable("staff_accounts")
            .set({ password_hash: passwordHash })
            .where("id", "=", link.account_id)
            .execute();
          await endResetLinks(trx, link.account_id, now);
          return trx
            .selectFrom("staff_accounts")
            .selectAll()
            .where("id", "=", link.account_id)
            .executeTakeFirstOrThrow();
        });
      } catch (error) {
        if (error instanceof ResetGone) return undefined;
        throw error;
      }
    },
  };
}
