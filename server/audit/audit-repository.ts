import { randomBytes } from "node:crypto";
import { type Kysely, type Selectable, sql } from "kysely";
import type { AuditAction, AuditEntry, AuditPage } from "../../common/audit.js";
import type { AuditQuery } from "../../common/audit-schemas.js";
import type { AuditLogTable, Database } from "../db/schema.js";
import { isoAt } from "../db/time.js";

export interface NewAuditEntry {
  action: AuditAction;
  accountId?: string | null;
  actor?: string | null;
  target?: string | null;
  detail?: string | null;
  clientAddress?: string | null;
}

export interface AuditRepository {
  /** Appends one entry, at the clock's now. */
  record(entry: NewAuditEntry): Promise<void>;
  /** Newest first, `limit` at a time, filtered by action and by part of the actor's email. */
  list(query: AuditQuery): Promise<AuditPage>;
  /** Every entry the filters keep, newest first, a page at a time (the CSV export). */
  each(filters: Pick<AuditQuery, "action" | "actor">): AsyncIterable<AuditEntry>;
}

// Columns are bounded: what does not fit is cut, never refused (an entry must always be kept).
const cut = (value: string | null | undefined, max: number) =>
  value === null || value === undefined ? null : value.slice(0, max);

function toEntry(row: Selectable<AuditLogTable>): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    accountId: row.account_id,
    actor: row.actor,
    action: row.action as AuditAction,
    target: row.target,
    detail: row.detail,
    clientAddress: row.client_address,
  };
}

const encodeCursor = (entry: AuditEntry) => `${entry.at}|${entry.id}`;
function decodeCursor(cursor: string): { at: string; id: string } | null {
  const bar = cursor.indexOf("|");
  return bar <= 0 ? null : { at: cursor.slice(0, bar), id: cursor.slice(bar + 1) };
}

/** `%` and `_` typed in a filter match themselves. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;

export function createAuditRepository(db: Kysely<Database>, clock: () => number): AuditRepository {
  // Ids sort as entries were made (time, then a counter of this process), so entries of one
  // millisecond still list newest first; the random tail keeps instances apart.
  let sequence = 0;
  const nextId = (now: number) =>
    now.toString(36).padStart(9, "0") +
    ((sequence = (sequence + 1) % 36 ** 4), sequence.toString(36).padStart(4, "0")) +
    randomBytes(6).toString("hex");

  const page = async (query: AuditQuery): Promise<AuditPage> => {
    const cursor = query.before === undefined ? null : decodeCursor(query.before);
    const rows = await db
      .selectFrom("audit_log")
      .selectAll()
      .$if(query.action !== undefined, (q) => q.where("action", "=", query.action!))
      .$if(Boolean(query.actor), (q) =>
        q.where(sql<boolean>`lower(actor) like ${likePattern(query.actor!)} escape '\\'`),
      )
      .$if(cursor !== null, (q) =>
        q.where((eb) =>
          eb.or([
            eb("at", "<", cursor!.at),
            eb.and([eb("at", "=", cursor!.at), eb("id", "<", cursor!.id)]),
          ]),
        ),
      )
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .limit(query.limit + 1)
      .execute();
    const entries = rows.slice(0, query.limit).map(toEntry);
    const last = entries.at(-1);
    return { entries, nextBefore: rows.length > query.limit && last ? encodeCursor(last) : null };
  };

  return {
    async record(entry) {
      const now = clock();
      await db
        .insertInto("audit_log")
        .values({
          id: nextId(now),
          at: isoAt(now),
          account_id: entry.accountId ?? null,
          actor: cut(entry.actor, 254),
          action: entry.action,
          target: cut(entry.target, 300),
          detail: cut(entry.detail, 300),
          client_address: cut(entry.clientAddress, 64),
        })
        .execute();
    },
    list: page,
    async *each(filters) {
      let before: string | undefined;
      do {
        const next = await page({ ...filters, limit: 500, ...(before ? { before } : {}) });
        yield* next.entries;
        before = next.nextBefore ?? undefined;
      } while (before);
    },
  };
}
