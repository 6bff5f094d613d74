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

export interface SessionStore {
  /** Creates a session and returns its token (256 random bits); only its hash is stored. */
  create(): Promise<string>;
  /** True while the session is live; refreshes its idle timer. */
  validate(token: string): Promise<boolean>;
  destroy(token: string): Promise<void>;
  purgeExpired(): Promise<void>;
}

export function createSessionStore(db: Kysely<Database>, clock: () => number): SessionStore {
  return {
    async create() {
      const token = randomBytes(32).toString("base64url");
      const now = isoAt(clock());
      await db
        .insertInto("admin_sessions")
        .values({ id_hash: hashToken(token), created_at: now, last_seen_at: now })
        .execute();
      return token;
    },

    async validate(token) {
      if (!token || token.length > 128) return false;
      const idHash = hashToken(token);
      const row = await db
        .selectFrom("admin_sessions")
        .selectAll()
        .where("id_hash", "=", idHash)
        .executeTakeFirst();
      if (!row) return false;
      const now = clock();
      const lastSeen = Date.parse(row.last_seen_at);
      if (
        now - lastSeen >= SESSION_IDLE_MS ||
        now - Date.parse(row.created_at) >= SESSION_ABSOLUTE_MS
      ) {
        await db.deleteFrom("admin_sessions").where("id_hash", "=", idHash).execute();
        return false;
      }
      if (now - lastSeen >= TOUCH_INTERVAL_MS) {
        await db
          .updateTable("admin_sessions")
          .set({ last_seen_at: isoAt(now) })
          .where("id_hash", "=", idHash)
          .execute();
      }
      return true;
    },

    async destroy(token) {
      if (!token) return;
      await db.deleteFrom("admin_sessions").where("id_hash", "=", hashToken(token)).execute();
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
