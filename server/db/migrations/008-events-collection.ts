import type { Kysely } from "kysely";

/** The tables this migration rewrites, as they are at this point (not schema.ts). */
interface TablesAt008 {
  content_entries: {
    id: string;
    collection: string;
    position: number;
    data: string | null;
    draft: string | null;
  };
  content_revisions: { entry_id: string; revision: number; data: string };
}

/** The address name the first event keeps (common/event-paths.ts FIRST_EVENT_SLUG). */
const FIRST_EVENT_SLUG = "currents-of-care";

/**
 * The first event's JSON with the field the events list needs (docs/decisions/027): its
 * address name. Text that is not an object is left as it was (the store reports it to staff).
 */
function withSlug(json: string | null): string | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return json;
    if ("slug" in value) return json;
    return JSON.stringify({ slug: FIRST_EVENT_SLUG, ...value });
  } catch {
    return json;
  }
}

// The `event` singleton becomes the first entry of the `events` list (decision 027): same entry
// id, so its revisions, its draft, its schedule and staff's links to it stay; its published data,
// its draft and every revision get the address name "currents-of-care". Run twice (two instances
// migrating at once), the second finds no `event` entry left and changes nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Kysely runs each migration under its lock (in a transaction where the engine allows).
  const tables = db as unknown as Kysely<TablesAt008>;
  const entries = await tables
    .selectFrom("content_entries")
    .select(["id", "data", "draft"])
    .where("collection", "=", "event")
    .execute();
  for (const entry of entries) {
    await tables
      .updateTable("content_entries")
      .set({
        collection: "events",
        position: 0,
        data: withSlug(entry.data),
        draft: withSlug(entry.draft),
      })
      .where("id", "=", entry.id)
      .where("collection", "=", "event")
      .execute();
    const revisions = await tables
      .selectFrom("content_revisions")
      .select(["revision", "data"])
      .where("entry_id", "=", entry.id)
      .execute();
    for (const revision of revisions) {
      const data = withSlug(revision.data);
      if (data === revision.data || data === null) continue;
      await tables
        .updateTable("content_revisions")
        .set({ data })
        .where("entry_id", "=", entry.id)
        .where("revision", "=", revision.revision)
        .execute();
    }
  }
}
