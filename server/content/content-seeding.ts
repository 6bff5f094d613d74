import { createHash } from "node:crypto";
import type { CollectionDefinition } from "../../common/content/collections.js";
import type { Executor } from "../db/database.js";
import { type ContentCore, NOTHING_TO_DO } from "./content-core.js";

/**
 * A seeded entry's id is derived from its collection and place in the seed, so two instances
 * seeding at once write the same rows (and the second one's inserts do nothing).
 */
export function seedEntryId(collection: string, index: number): string {
  const hex = createHash("sha256").update(`content-seed:${collection}:${index}`).digest("hex");
  // Shaped as a UUID of version 8 (custom), variant 10xx.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Writes each collection's seed once (collections with no entry at all), as published revision
 * 1 of each entry; how many entries it wrote. Two instances starting at once write it once.
 */
export function createContentSeeding(
  core: ContentCore,
): (collections: readonly CollectionDefinition[]) => Promise<number> {
  const { db, changePublic } = core;
  return async function seed(collections) {
    const missing = async (executor: Executor) => {
      const present = await executor
        .selectFrom("content_entries")
        .select("collection")
        .distinct()
        .execute();
      const seeded = new Set(present.map((row) => row.collection));
      return collections.filter((definition) => !seeded.has(definition.name));
    };
    if ((await missing(db)).length === 0) return 0;
    try {
      return await changePublic(async (trx, at) => {
        // Under the lock: another instance starting at the same moment may have seeded.
        const todo = await missing(trx);
        if (todo.length === 0) throw NOTHING_TO_DO;
        let count = 0;
        for (const definition of todo) {
          for (const [index, item] of definition.seed.entries()) {
            const parsed = definition.schema.safeParse(item);
            const data = JSON.stringify(parsed.success ? parsed.data : item);
            const id = seedEntryId(definition.name, index);
            const inserted = await trx
              .insertInto("content_entries")
              .values({
                id,
                collection: definition.name,
                position: index,
                data,
                draft: null,
                status: "published",
                version: 1,
                publish_at: null,
                published_at: at,
                created_at: at,
                updated_at: at,
                deleted_at: null,
              })
              .onConflict((conflict) => conflict.column("id").doNothing())
              .executeTakeFirst();
            if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) continue;
            // The seeded default is revision 1, so even the first edit can be undone.
            await trx
              .insertInto("content_revisions")
              .values({
                entry_id: id,
                revision: 1,
                data,
                published_at: at,
                kind: "seed",
                restored_from: null,
              })
              .onConflict((conflict) => conflict.columns(["entry_id", "revision"]).doNothing())
              .execute();
            count += 1;
          }
        }
        if (count === 0) throw NOTHING_TO_DO;
        return count;
      });
    } catch (error) {
      if (error === NOTHING_TO_DO) return 0;
      throw error;
    }
  };
}
