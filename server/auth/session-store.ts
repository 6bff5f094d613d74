import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { isoAt } from "../db/time.js";

export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is refreshed at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface SessionMeta {
  clientAddress?: string | null;
  userAgent?: string | null;
}

/** One live session as its person sees it on Your account. */
export interface SessionSummary {
  /** A digest of the stored hash: names the session in the API without being its token. */
  id: string;
  createdAt: string;
  lastSeenAt: string;
  clientAddress: string | null;
  userAgent: string | null;
  /** Whether it is the session of the request that asked. */
  current: boolean;
}

/** The id a session is named by in the API: a digest of its stored hash, 32 hex digits. */
export function sessionPublicId(idHash: string): string {
  return hashToken(`session:${idHash}`).slice(0, 32);
}

export interface SessionStore {
  /**
   * Creates a session of `accountId` and returns its token (256 random bits); only its hash is
   * stored.
   */
  create(accountId: string, meta?: SessionMeta): Promise<string>;
  /**
   * The session's account id while the session is live and its account active (refreshing the
   * idle timer, and the address it was last seen from, at most once a minute), else undefined.
   */
  validate(token: string, meta?: Pick<SessionMeta, "clientAddress">): Promise<string | undefined>;
  destroy(token: string): Promise<void>;
  /** The account's live sessions, the latest seen first; `currentToken`'s is marked current. */
  listOf(accountId: string, currentToken?: string): Promise<SessionSummary[]>;
  /** Ends one session of the account by its public id; false when it has none by that id. */
  destroyById(accountId: string, id: string): Promise<boolean>;
  /** Ends every session of the account, but the one of `exceptToken` when given. */
  destroyAllOf(accountId: string, exceptToken?: string): Promise<void>;
  purgeExpired(): Promise<void>;
}

export function createSessionStore(db: Kysely<Database>, clock: () => number): SessionStore {
  return {
    async create(accountId, meta = {}) {
      const token = randomBytes(32).toString("base64url");
      const now = isoAt(clock());
      await db
        .insertInto("admin_sessions")
        .values({
          id_hash: hashToken(token),
          account_id: accountId,
          created_at: now,
          last_seen_at: now,
          client_address: meta.clientAddress?.slice(0, 64) ?? null,
          user_agent: meta.userAgent?.slice(0, 512) ?? null,
        })
        .execute();
      return token;
    },

    async validate(token, meta = {}) {
      if (!token || token.length > 128) return undefined;
      const idHash = hashToken(token);
      const row = await db
        .selectFrom("admin_sessions")
        .innerJoin("staff_accounts", "staff_accounts.id", "admin_sessions.account_id")
        .select([
          "admin_sessions.account_id",
          "admin_sessions.created_at",
          "admin_sessions.last_seen_at",
          "staff_accounts.state",
        ])
        .where("admin_sessions.id_hash", "=", idHash)
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.state !== "active") {
        await db.deleteFrom("admin_sessions").where("id_hash", "=", idHash).execute();
        return undefined;
      }
      const now = clock();
      const lastSeen = Date.parse(row.last_seen_at);
      if (
        now - lastSeen >= SESSION_IDLE_MS ||
        now - Date.parse(row.created_at) >= SESSION_ABSOLUTE_MS
      ) {
        await db.deleteFrom("admin_sessions").where("id_hash", "=", idHash).execute();
        return undefined;
      }
      if (now - lastSeen >= TOUCH_INTERVAL_MS) {
        await db
          .updateTable("admin_sessions")
          .set({
            last_seen_at: isoAt(now),
            ...(meta.clientAddress ? { client_address: meta.clientAddress.slice(0, 64) } : {}),
          })
          .where("id_hash", "=", idHash)
          .execute();
      }
      return row.account_id;
    },

    async listOf(accountId, currentToken) {
      const now = clock();
      const currentHash = currentToken ? hashToken(currentToken) : undefined;
      const rows = await db
        .selectFrom("admin_sessions")
        .selectAll()
        .where("account_id", "=", accountId)
        .where("last_seen_at", ">", isoAt(now - SESSION_IDLE_MS))
        .where("created_at", ">", isoAt(now - SESSION_ABSOLUTE_MS))
        .orderBy("last_seen_at", "desc")
        .orderBy("created_at", "desc")
        .execute();
      return rows.map((row) => ({
        id: sessionPublicId(row.id_hash),
        createdAt: row.created_at,
        lastSeenAt: row.last_seen_at,
        clientAddress: row.client_address,
        userAgent: row.user_agent,
        current: row.id_hash === currentHash,
      }));
    },

    async destroyById(accountId, id) {
      // An account has a handful of sessions: finding the one by its digest is a short walk.
      const rows = await db
        .selectFrom("admin_sessions")
        .select("id_hash")
        .where("account_id", "=", accountId)
        .execute();
      const row = rows.find((candidate) => sessionPublicId(candidate.id_hash) === id);
      if (!row) return false;
      const result = await db
        .deleteFrom("admin_sessions")
        .where("id_hash", "=", row.id_hash)
        .where("account_id", "=", accountId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async destroy(token) {
      if (!token) return;
      await db.deleteFrom("admin_sessions").where("id_hash", "=", hashToken(token)).execute();
    },

    async destroyAllOf(accountId, exceptToken) {
      await db
        .deleteFrom("admin_sessions")
        .where("account_id", "=", accountId)
        .$if(exceptToken !== undefined, (query) =>
          query.where("id_hash", "!=", hashToken(exceptToken!)),
        )
        .execute();
    },

    async purgeExpired() {
      const now = clock();
      await db
        .deleteFrom("admin_sessions")
        .where((eb) =>
          eb.or([
            eb("last_seen_at", "<=", isoAt(now - SESSION_IDLE_MS)),
            eb("created_at", "<=", isoAt(now - SESSION_ABSOLUTE_MS)),
          ]),
        )
        .execute();
    },
  };
}
