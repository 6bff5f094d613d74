import { createHash } from "node:crypto";
import type { Kysely } from "kysely";

/*
 * Two changes of design 15's visitor side (decision 046):
 *
 * 1. Inquire carries its course: a contact message keeps the course it asked about
 *    (`contact_messages.course`, the course's title; null for every earlier message).
 * 2. The organisation's facts in one place, below.
 */

/*
 * The organisation's facts in one place (design 15, decision 046): its name, contact address
 * and social links leave the site settings for the `organisation` collection. The site entry's
 * published data, its draft and every revision lose those fields, and the footer's copyright
 * text (the footer now writes "© YYYY" with the current year); the organisation entry is made
 * from them (its draft from the site's draft, when that differs). A database with no site entry
 * yet (a fresh install) is left to the seeding, which writes both collections.
 *
 * Written once: the shapes below are the stored ones as they were when this was written, not
 * today's schemas. Two instances migrating at once are serialised by Kysely's migration lock; the
 * second finds the site entry without the fields and the organisation entry present.
 */

/** The tables this migration reads and writes, as they are at this point (not schema.ts). */
interface TablesAt018 {
  content_entries: {
    id: string;
    collection: string;
    position: number;
    data: string | null;
    draft: string | null;
    status: string;
    version: number;
    publish_at: string | null;
    published_at: string | null;
    created_at: string;
    updated_at: string;
    deleted_at: string | null;
  };
  content_revisions: {
    entry_id: string;
    revision: number;
    data: string;
    published_at: string;
    kind: string;
    restored_from: number | null;
  };
}

/** The site settings' fields that move, and where each goes in the organisation's facts. */
const MOVED = { organizationName: "name", contactEmail: "email", socialLinks: "socialProfiles" };

/** What the organisation entry holds where the site entry had nothing to move. */
const DEFAULTS = {
  name: "Commons Learning Design",
  email: "hello@example.org",
  replyTime: "two working days",
  socialProfiles: [],
};

type Json = Record<string, unknown>;

function parsed(json: string | null): Json | undefined {
  if (json === null) return undefined;
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Json)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `value.footer` is an object with a `copyright` text (dropped: the year is written). */
function hasCopyright(value: Json): boolean {
  const footer = value["footer"];
  return typeof footer === "object" && footer !== null && "copyright" in footer;
}

/**
 * The site entry's JSON without the moved fields and the footer's copyright text (text that is
 * not an object, or has none of them, is kept as it was).
 */
export function withoutMovedFields(json: string): string;
export function withoutMovedFields(json: string | null): string | null;
export function withoutMovedFields(json: string | null): string | null {
  const value = parsed(json);
  if (!value) return json;
  const moved = Object.keys(MOVED).some((key) => key in value);
  if (!moved && !hasCopyright(value)) return json;
  const kept = Object.fromEntries(Object.entries(value).filter(([key]) => !(key in MOVED)));
  if (hasCopyright(value)) {
    const { copyright: _copyright, ...footer } = value["footer"] as Json;
    kept["footer"] = footer;
  }
  return JSON.stringify(kept);
}

/** The organisation's facts from a site entry's JSON (the defaults for what it lacks). */
export function organisationFrom(json: string | null): Json {
  const value = parsed(json) ?? {};
  const facts: Json = { ...DEFAULTS };
  for (const [from, to] of Object.entries(MOVED)) {
    if (from in value) facts[to] = value[from];
  }
  return facts;
}

/** The id the seeding gives the organisation entry (server/content/content-seeding.ts). */
function organisationEntryId(): string {
  const hex = createHash("sha256").update("content-seed:organisation:0").digest("hex");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("contact_messages").addColumn("course", "text").execute();
  await moveOrganisationFacts(db);
}

async function moveOrganisationFacts(db: Kysely<unknown>): Promise<void> {
  const tables = db as unknown as Kysely<TablesAt018>;
  const sites = await tables
    .selectFrom("content_entries")
    .select(["id", "data", "draft"])
    .where("collection", "=", "site")
    .execute();
  const site = sites[0];
  if (!site) return;
  const present = await tables
    .selectFrom("content_entries")
    .select("id")
    .where("collection", "=", "organisation")
    .executeTakeFirst();
  if (!present) {
    const at = new Date().toISOString();
    const data = JSON.stringify(organisationFrom(site.data ?? site.draft));
    const draft = site.draft === null ? null : JSON.stringify(organisationFrom(site.draft));
    const id = organisationEntryId();
    await tables
      .insertInto("content_entries")
      .values({
        id,
        collection: "organisation",
        position: 0,
        data,
        draft: draft === data ? null : draft,
        status: "published",
        version: 1,
        publish_at: null,
        published_at: at,
        created_at: at,
        updated_at: at,
        deleted_at: null,
      })
      .execute();
    await tables
      .insertInto("content_revisions")
      .values({
        entry_id: id,
        revision: 1,
        data,
        published_at: at,
        kind: "seed",
        restored_from: null,
      })
      .execute();
  }
  for (const entry of sites) {
    await tables
      .updateTable("content_entries")
      .set({ data: withoutMovedFields(entry.data), draft: withoutMovedFields(entry.draft) })
      .where("id", "=", entry.id)
      .execute();
    const revisions = await tables
      .selectFrom("content_revisions")
      .select(["revision", "data"])
      .where("entry_id", "=", entry.id)
      .execute();
    for (const revision of revisions) {
      const data = withoutMovedFields(revision.data);
      if (data === revision.data) continue;
      await tables
        .updateTable("content_revisions")
        .set({ data })
        .where("entry_id", "=", entry.id)
        .where("revision", "=", revision.revision)
        .execute();
    }
  }
}
