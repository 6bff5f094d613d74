import type { Kysely } from "kysely";
import type { Database, SiteUpdatesTable } from "../db/schema.js";
import { nowIso } from "../db/time.js";

/** Set once the starting updates were written (or found unnecessary): never seeded again. */
const SEEDED_KEY = "updates_seeded";

/**
 * The updates a fresh install starts with, from the site's own work, so the home pages' strip
 * and /updates are not empty on the first visit (docs/product.md section 2.11). Fixed ids, so
 * their feed entries keep their ids. Staff edit or delete them like any other.
 */
export const SEEDED_UPDATES: readonly Omit<SiteUpdatesTable, "created_at" | "updated_at">[] = [
  {
    id: "5e3d3f0e-8c1f-4b7a-9d52-6f1c2a7b9e01",
    type: "completed_project",
    title: "Currents of Care mural gatherings",
    summary:
      "Neighbors of every age painted a shared mural honoring the Cedar River over two Saturday afternoons at a public library in Renton.",
    url: null,
    image_url: null,
    status: "published",
    featured: 1,
    published_at: "2025-10-27T17:00:00.000Z",
  },
  {
    id: "5e3d3f0e-8c1f-4b7a-9d52-6f1c2a7b9e02",
    type: "current_project",
    title: "Virtual reality for teen mental health",
    summary:
      "We are co-designing a calming virtual reality experience with teens and library staff, and testing it in library teen spaces.",
    url: null,
    image_url: null,
    status: "published",
    featured: 1,
    published_at: "2025-09-15T16:00:00.000Z",
  },
  {
    id: "5e3d3f0e-8c1f-4b7a-9d52-6f1c2a7b9e03",
    type: "news",
    title: "A GPT that helps libraries plan summer",
    summary:
      "Our Summer Services Helper drafts event descriptions and answers families' common questions, so staff spend the busiest season with their community.",
    url: null,
    image_url: null,
    status: "published",
    featured: 1,
    published_at: "2025-06-02T16:00:00.000Z",
  },
];

/**
 * Writes the starting updates once in the database's life: only when the table is empty (an
 * existing site keeps exactly what staff made), and never again afterwards, even once staff
 * delete them. Two instances starting at once: the one that records the flag writes them, in the
 * same transaction. Returns how many it wrote.
 */
export async function seedUpdatesOnce(db: Kysely<Database>, clock: () => number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const flagged = await trx
      .insertInto("app_settings")
      .values({ key: SEEDED_KEY, value: nowIso(clock) })
      .onConflict((conflict) => conflict.column("key").doNothing())
      .executeTakeFirst();
    if (Number(flagged.numInsertedOrUpdatedRows ?? 0) === 0) return 0;
    const existing = await trx.selectFrom("site_updates").select("id").limit(1).execute();
    if (existing.length > 0) return 0;
    const at = nowIso(clock);
    await trx
      .insertInto("site_updates")
      .values(SEEDED_UPDATES.map((update) => ({ ...update, created_at: at, updated_at: at })))
      .execute();
    return SEEDED_UPDATES.length;
  });
}
