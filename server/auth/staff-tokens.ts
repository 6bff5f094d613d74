import { randomBytes } from "node:crypto";
import type { ExpressionBuilder, Kysely, Selectable } from "kysely";
import { can, STAFF_ROLES } from "../../common/staff-access.js";
import type { Database, StaffTokensTable } from "../db/schema.js";
import { isoAt } from "../db/time.js";
import { hashToken } from "./session-store.js";

/*
 * The staff's one-time links (setup, invitations, password resets): a token of 256 random bits
 * mailed or shown once, only its hash stored, live while unused, unexpired and, for an
 * invitation, while its sender stands behind it.
 */

export type StaffToken = Selectable<StaffTokensTable>;

export interface StaffTokens {
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
}

/** The roles that may send invitations: a sender no longer in one withdraws their invitations. */
export const INVITING_ROLES = STAFF_ROLES.filter((role) => can(role, "staff"));

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

/** Ends the unused links of `purpose` whose `column` names the account. */
async function endLinks(
  db: Kysely<Database>,
  purpose: StaffToken["purpose"],
  column: "sent_by" | "account_id",
  accountId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable("staff_tokens")
    .set({ used_at: now })
    .where("purpose", "=", purpose)
    .where(column, "=", accountId)
    .where("used_at", "is", null)
    .execute();
}

/** Withdraws the live invitations an account sent (it was deactivated, removed or demoted). */
export const withdrawInvitationsOf = (db: Kysely<Database>, accountId: string, now: string) =>
  endLinks(db, "invitation", "sent_by", accountId, now);

/** Ends every live reset link of an account: a password or email change makes them stale. */
export const endResetLinks = (db: Kysely<Database>, accountId: string, now: string) =>
  endLinks(db, "reset", "account_id", accountId, now);

/** The live tokens of a purpose (one, by its stored hash, when `idHash` is given). */
export function liveTokensOf(
  executor: Kysely<Database>,
  purpose: StaffToken["purpose"],
  idHash: string | undefined,
  now: string,
) {
  let query = executor
    .selectFrom("staff_tokens")
    .selectAll()
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .where(senderStandsBehind);
  if (idHash !== undefined) query = query.where("id_hash", "=", idHash);
  return query;
}

export function createStaffTokens(db: Kysely<Database>, clock: () => number): StaffTokens {
  const live = (purpose: StaffToken["purpose"], idHash: string | undefined, now: string) =>
    liveTokensOf(db, purpose, idHash, now);
  /**
   * Marks one live token used, in one conditional update; false when it was not live (used,
   * expired, unknown, or, when `senderMustStand`, its sender no longer stands behind it).
   */
  const endLive = async (
    purpose: StaffToken["purpose"],
    idHash: string,
    now: string,
    senderMustStand: boolean,
  ): Promise<boolean> => {
    const result = await db
      .updateTable("staff_tokens")
      .set({ used_at: now })
      .where("id_hash", "=", idHash)
      .where("purpose", "=", purpose)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .$if(senderMustStand, (query) => query.where(senderStandsBehind))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  };
  return {
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
      if (!(await endLive(purpose, idHash, now, true))) return undefined;
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
      return endLive(purpose, idHash, isoAt(clock()), false);
    },
  };
}
