import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { eventPagePath } from "../../common/event-paths.js";
import type { Redirect } from "../../common/redirects.js";
import type { Database } from "../db/schema.js";
import { nowIso } from "../db/time.js";

/** The redirects table (migration 016): from-path, to-path and how often it was followed. */
export function createRedirectRepository(db: Kysely<Database>, clock: () => number) {
  const select = () =>
    db.selectFrom("redirects").select(["id", "from_path as from", "to_path as to", "hits"]);
  return {
    async list(): Promise<Redirect[]> {
      const rows = await select().orderBy("from_path").execute();
      return rows.map((row) => ({ ...row, hits: Number(row.hits) }));
    },
    async find(from: string): Promise<Redirect | undefined> {
      const row = await select().where("from_path", "=", from).executeTakeFirst();
      return row && { ...row, hits: Number(row.hits) };
    },
    /** Adds one; undefined when `from` is already redirected (by this call or another at once). */
    async create(from: string, to: string): Promise<Redirect | undefined> {
      const id = randomUUID();
      const result = await db
        .insertInto("redirects")
        .values({ id, from_path: from, to_path: to, created_at: nowIso(clock) })
        .onConflict((conflict) => conflict.column("from_path").doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return undefined;
      return { id, from, to, hits: 0 };
    },
    async remove(id: string): Promise<boolean> {
      const result = await db.deleteFrom("redirects").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async addHit(id: string): Promise<void> {
      await db
        .updateTable("redirects")
        .set((eb) => ({ hits: eb("hits", "+", 1) }))
        .where("id", "=", id)
        .execute();
    },
  };
}

export type RedirectRepository = ReturnType<typeof createRedirectRepository>;

/**
 * When an event is published under a new address name, its old address leads to the new one
 * (docs/product.md 5.8): called in the publishing transaction with the published data before and after.
 * A redirect from the new address (an earlier rename back) goes: that address is live again.
 */
export async function redirectRenamedEvent(
  trx: Transaction<Database>,
  before: string | null,
  after: string,
  at: string,
): Promise<void> {
  const slugOf = (data: string | null) => {
    if (!data) return undefined;
    try {
      const slug = (JSON.parse(data) as { slug?: unknown }).slug;
      return typeof slug === "string" && slug !== "" ? slug : undefined;
    } catch {
      return undefined;
    }
  };
  const oldSlug = slugOf(before);
  const newSlug = slugOf(after);
  if (!oldSlug || !newSlug || oldSlug === newSlug) return;
  const from = eventPagePath(oldSlug);
  const to = eventPagePath(newSlug);
  await trx.deleteFrom("redirects").where("from_path", "=", to).execute();
  // Redirects that led to the old address now lead to the new one, so no chain grows.
  await trx.updateTable("redirects").set({ to_path: to }).where("to_path", "=", from).execute();
  await trx
    .insertInto("redirects")
    .values({ id: randomUUID(), from_path: from, to_path: to, created_at: at })
    .onConflict((conflict) => conflict.column("from_path").doUpdateSet({ to_path: to }))
    .execute();
}
