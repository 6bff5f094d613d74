import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { PasskeySummary } from "../../common/second-factors.js";
import type { Database, StaffAuthChallengesTable, StaffPasskeysTable } from "../db/schema.js";
import { isoAt } from "../db/time.js";

/** app_settings key: when the owner required a second factor of every role (ISO time). */
const EVERYONE_SETTING = "factors_required_of_all";
export const RECOVERY_CODE_COUNT = 10;

export type Passkey = StaffPasskeysTable;
type ChallengePurpose = StaffAuthChallengesTable["purpose"];

export function digest(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** A recovery code as shown: 16 base32 characters (80 bits) in groups of four. */
export function newRecoveryCode(): string {
  const alphabet = "abcdefghijkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(16);
  let code = "";
  for (let i = 0; i < 16; i += 1) code += alphabet[bytes[i]! & 31];
  return code.match(/.{4}/g)!.join("-");
}

/** A code as typed (any case, with or without dashes and spaces) in the form it was hashed. */
export function normaliseRecoveryCode(typed: string): string {
  const plain = typed.toLowerCase().replace(/[\s-]/g, "");
  return plain.match(/.{1,4}/g)?.join("-") ?? "";
}

export interface FactorRepository {
  /** Confirmed TOTP or at least one passkey. */
  hasFactor(accountId: string): Promise<boolean>;
  summary(accountId: string): Promise<{
    totp: boolean;
    recoveryCodesLeft: number;
    passkeys: PasskeySummary[];
  }>;
  totp(accountId: string): Promise<Database["staff_totp"] | undefined>;
  /** Starts (or starts again) an unconfirmed TOTP; a confirmed one is kept (returns false). */
  startTotp(accountId: string, secret: string): Promise<boolean>;
  /**
   * Records `step` as used, once: true when the TOTP is in the required state (confirmed or
   * not) and no code of that step or later was accepted before (a replay loses here, even when
   * two requests race).
   */
  acceptTotpStep(accountId: string, step: number, confirming: boolean): Promise<boolean>;
  removeTotp(accountId: string): Promise<boolean>;
  /** Replaces every recovery code with new ones; returns them (shown once). */
  newRecoveryCodes(accountId: string): Promise<string[]>;
  /** Uses a recovery code once: false when unknown, of another account, or used. */
  useRecoveryCode(accountId: string, typed: string): Promise<boolean>;
  passkeys(accountId: string): Promise<Passkey[]>;
  findPasskey(id: string): Promise<Passkey | undefined>;
  addPasskey(passkey: Omit<Passkey, "created_at" | "last_used_at">): Promise<PasskeySummary>;
  passkeyUsed(id: string, counter: number): Promise<void>;
  removePasskey(accountId: string, id: string): Promise<boolean>;
  /** Removes every factor and recovery code (the owner's recovery command). */
  resetFactors(accountId: string): Promise<void>;
  /** A single-use ticket (256 bits) for a challenge; only its hash is stored. */
  createChallenge(
    purpose: ChallengePurpose,
    ttlMs: number,
    fields: { accountId?: string; challenge?: string },
  ): Promise<string>;
  /** The live challenge of a ticket (it stays until `endChallenge`). */
  findChallenge(
    purpose: ChallengePurpose,
    ticket: string,
  ): Promise<StaffAuthChallengesTable | undefined>;
  /** Ends a ticket; true only for the one caller that ended it (a second use loses). */
  endChallenge(ticket: string): Promise<boolean>;
  purgeChallenges(): Promise<void>;
  everyoneSince(): Promise<string | null>;
  setRequiredOfEveryone(required: boolean): Promise<void>;
}

export function createFactorRepository(
  db: Kysely<Database>,
  clock: () => number,
): FactorRepository {
  const now = () => isoAt(clock());
  const summaryOf = (row: Passkey): PasskeySummary => ({
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  });
  const repository: FactorRepository = {
    async hasFactor(accountId) {
      const totp = await db
        .selectFrom("staff_totp")
        .select("account_id")
        .where("account_id", "=", accountId)
        .where("confirmed_at", "is not", null)
        .executeTakeFirst();
      if (totp) return true;
      const passkey = await db
        .selectFrom("staff_passkeys")
        .select("id")
        .where("account_id", "=", accountId)
        .executeTakeFirst();
      return passkey !== undefined;
    },

    async summary(accountId) {
      const totp = await repository.totp(accountId);
      const codes = await db
        .selectFrom("staff_recovery_codes")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .where("account_id", "=", accountId)
        .where("used_at", "is", null)
        .executeTakeFirstOrThrow();
      const passkeys = await repository.passkeys(accountId);
      return {
        totp: totp?.confirmed_at != null,
        recoveryCodesLeft: Number(codes.n),
        passkeys: passkeys.map(summaryOf),
      };
    },

    totp: (accountId) =>
      db
        .selectFrom("staff_totp")
        .selectAll()
        .where("account_id", "=", accountId)
        .executeTakeFirst(),

    async startTotp(accountId, secret) {
      const existing = await repository.totp(accountId);
      if (existing?.confirmed_at) return false;
      await db.deleteFrom("staff_totp").where("account_id", "=", accountId).execute();
      await db
        .insertInto("staff_totp")
        .values({
          account_id: accountId,
          secret,
          confirmed_at: null,
          last_step: null,
          created_at: now(),
        })
        .execute();
      return true;
    },

    async acceptTotpStep(accountId, step, confirming) {
      const result = await db
        .updateTable("staff_totp")
        .set({ last_step: step, ...(confirming ? { confirmed_at: now() } : {}) })
        .where("account_id", "=", accountId)
        .where("confirmed_at", confirming ? "is" : "is not", null)
        .where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async removeTotp(accountId) {
      const result = await db
        .deleteFrom("staff_totp")
        .where("account_id", "=", accountId)
        .where("confirmed_at", "is not", null)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async newRecoveryCodes(accountId) {
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const created = now();
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("staff_recovery_codes").where("account_id", "=", accountId).execute();
        await trx
          .insertInto("staff_recovery_codes")
          .values(
            codes.map((code) => ({
              code_hash: digest(code),
              account_id: accountId,
              created_at: created,
              used_at: null,
            })),
          )
          .execute();
      });
      return codes;
    },

    async useRecoveryCode(accountId, typed) {
      const result = await db
        .updateTable("staff_recovery_codes")
        .set({ used_at: now() })
        .where("code_hash", "=", digest(normaliseRecoveryCode(typed)))
        .where("account_id", "=", accountId)
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    passkeys: (accountId) =>
      db
        .selectFrom("staff_passkeys")
        .selectAll()
        .where("account_id", "=", accountId)
        .orderBy("created_at")
        .execute(),

    findPasskey: (id) =>
      db.selectFrom("staff_passkeys").selectAll().where("id", "=", id).executeTakeFirst(),

    async addPasskey(passkey) {
      const row: Passkey = { ...passkey, created_at: now(), last_used_at: null };
      await db.insertInto("staff_passkeys").values(row).execute();
      return summaryOf(row);
    },

    async passkeyUsed(id, counter) {
      await db
        .updateTable("staff_passkeys")
        .set({ counter, last_used_at: now() })
        .where("id", "=", id)
        .execute();
    },

    async removePasskey(accountId, id) {
      const result = await db
        .deleteFrom("staff_passkeys")
        .where("account_id", "=", accountId)
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async resetFactors(accountId) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("staff_totp").where("account_id", "=", accountId).execute();
        await trx.deleteFrom("staff_recovery_codes").where("account_id", "=", accountId).execute();
        await trx.deleteFrom("staff_passkeys").where("account_id", "=", accountId).execute();
        await trx.deleteFrom("staff_auth_challenges").where("account_id", "=", accountId).execute();
      });
    },

    async createChallenge(purpose, ttlMs, fields) {
      const ticket = randomBytes(32).toString("base64url");
      await db
        .insertInto("staff_auth_challenges")
        .values({
          id_hash: digest(ticket),
          purpose,
          account_id: fields.accountId ?? null,
          challenge: fields.challenge ?? null,
          created_at: now(),
          expires_at: isoAt(clock() + ttlMs),
        })
        .execute();
      return ticket;
    },

    async findChallenge(purpose, ticket) {
      if (!ticket || ticket.length > 128) return undefined;
      return db
        .selectFrom("staff_auth_challenges")
        .selectAll()
        .where("id_hash", "=", digest(ticket))
        .where("purpose", "=", purpose)
        .where("expires_at", ">", now())
        .executeTakeFirst();
    },

    async endChallenge(ticket) {
      const result = await db
        .deleteFrom("staff_auth_challenges")
        .where("id_hash", "=", digest(ticket))
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async purgeChallenges() {
      await db.deleteFrom("staff_auth_challenges").where("expires_at", "<=", now()).execute();
    },

    async everyoneSince() {
      const row = await db
        .selectFrom("app_settings")
        .select("value")
        .where("key", "=", EVERYONE_SETTING)
        .executeTakeFirst();
      return row?.value ?? null;
    },

    async setRequiredOfEveryone(required) {
      if (!required) {
        await db.deleteFrom("app_settings").where("key", "=", EVERYONE_SETTING).execute();
        return;
      }
      // Switched on again while on: the first moment stands (the grace is not extended).
      await db
        .insertInto("app_settings")
        .values({ key: EVERYONE_SETTING, value: now() })
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
    },
  };
  return repository;
}
