import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database, StaffAccountsTable, StaffRole } from "../db/schema.js";
import { isoAt } from "../db/time.js";
import { hashToken } from "./session-store.js";
import {
  INVITING_ROLES,
  createStaffTokens,
  endResetLinks,
  liveTokensOf,
  withdrawInvitationsOf,
  type StaffTokens,
} from "./staff-tokens.js";

export type StaffAccount = Selectable<StaffAccountsTable>;

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

/** The staff accounts, with their one-time links (staff-tokens.ts). */
export interface AccountRepository extends StaffTokens {
  findById(id: string): Promise<StaffAccount | undefined>;
  findByEmail(email: string): Promise<StaffAccount | undefined>;
  /** The owner carried over from the single password, while it has no email yet. */
  findEmaillessOwner(): Promise<StaffAccount | undefined>;
  count(): Promise<number>;
  /** Throws EmailTakenError when the address (in any case) has an account already. */
  create(account: NewAccount): Promise<StaffAccount>;
  /** Gives the email-less owner its address, unless another account took it meanwhile. */
  claimEmail(id: string, email: string): Promise<boolean>;
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

/** Thrown inside a transaction to roll it back when a reset link is no longer live. */
class ResetGone extends Error {}

export function createAccountRepository(
  db: Kysely<Database>,
  clock: () => number,
): AccountRepository {
  return {
    ...createStaffTokens(db, clock),
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
          const link = await liveTokensOf(trx, "reset", idHash, now).executeTakeFirst();
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
