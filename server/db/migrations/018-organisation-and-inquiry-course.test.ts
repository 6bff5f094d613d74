import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { organisationSchema } from "../../../common/content/organisation.js";
import { siteSchema } from "../../../common/content/site.js";
import { siteSeed } from "../../../common/content/seed/site.js";
import { seedEntryId } from "../../content/content-seeding.js";
import { databaseMigratedTo, testDialects } from "../../test-support/test-database.js";
import { migrateToLatest } from "../database.js";
import type { Database } from "../schema.js";
import { migrations } from "./index.js";

const SOCIAL = [
  { network: "instagram", label: "Instagram", url: "https://instagram.com/riverbank" },
];

/** The site settings as releases before 018 stored them: with the organisation's facts. */
function storedBefore018(name: string, email = "team@riverbank.example.org"): string {
  return JSON.stringify({
    ...siteSeed,
    organizationName: name,
    contactEmail: email,
    socialLinks: SOCIAL,
    footer: { ...siteSeed.footer, copyright: "© 2025" },
  });
}

/**
 * 018 adds the course an Inquire asked about to contact messages, and moves the organisation's name, contact address and social links from the site settings to
 * the `organisation` collection: the site entry, its draft and its revisions lose them; the new
 * entry holds them (its draft from the site's draft); two instances migrating at once do it once.
 */
for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(
    `018 organisation facts and inquiry course on ${dialect.name}`,
    () => {
      let upgrade: Awaited<ReturnType<typeof databaseMigratedTo>> | undefined;
      afterEach(async () => {
        await upgrade?.cleanup();
        upgrade = undefined;
      });

      async function storeSite(db: Kysely<Database>) {
        const at = "2026-11-01T00:00:00.000Z";
        await db
          .insertInto("content_entries")
          .values({
            id: "site-entry",
            collection: "site",
            position: 0,
            data: storedBefore018("Riverbank Learning"),
            draft: storedBefore018("Riverbank Learning Co."),
            status: "published",
            version: 4,
            publish_at: null,
            published_at: at,
            created_at: at,
            updated_at: at,
            deleted_at: null,
          })
          .execute();
        await db
          .insertInto("content_revisions")
          .values(
            [1, 2].map((revision) => ({
              entry_id: "site-entry",
              revision,
              data: storedBefore018(
                revision === 1 ? "Commons Learning Design" : "Riverbank Learning",
              ),
              published_at: at,
              kind: revision === 1 ? "seed" : "publish",
              restored_from: null,
            })),
          )
          .execute();
      }

      const before018 = () =>
        Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "018"));

      it("moves the facts out of the site settings, draft and revisions, once", async () => {
        upgrade = await databaseMigratedTo(dialect, before018());
        const { first, second } = upgrade;
        await storeSite(first.db);

        await Promise.all([migrateToLatest(first), migrateToLatest(second)]);
        await migrateToLatest(first);

        const site = await first.db
          .selectFrom("content_entries")
          .selectAll()
          .where("id", "=", "site-entry")
          .executeTakeFirstOrThrow();
        expect(site.version).toBe(4);
        expect(siteSchema.parse(JSON.parse(site.data!))).toEqual(siteSchema.parse(siteSeed));
        expect(JSON.parse(site.draft!)).not.toHaveProperty("organizationName");
        expect(JSON.parse(site.draft!).footer).not.toHaveProperty("copyright");
        siteSchema.parse(JSON.parse(site.draft!));
        const revisions = await second.db
          .selectFrom("content_revisions")
          .select(["revision", "data"])
          .where("entry_id", "=", "site-entry")
          .orderBy("revision")
          .execute();
        expect(revisions).toHaveLength(2);
        for (const revision of revisions) siteSchema.parse(JSON.parse(revision.data));

        const organisation = await first.db
          .selectFrom("content_entries")
          .selectAll()
          .where("collection", "=", "organisation")
          .execute();
        expect(organisation).toHaveLength(1);
        const [entry] = organisation;
        // The id the seeding would give it, so the seeding sees the collection as present.
        expect(entry!.id).toBe(seedEntryId("organisation", 0));
        expect(entry!.status).toBe("published");
        expect(organisationSchema.parse(JSON.parse(entry!.data!))).toEqual({
          name: "Riverbank Learning",
          email: "team@riverbank.example.org",
          replyTime: "two working days",
          socialProfiles: SOCIAL,
        });
        expect(organisationSchema.parse(JSON.parse(entry!.draft!)).name).toBe(
          "Riverbank Learning Co.",
        );
        const organisationRevisions = await first.db
          .selectFrom("content_revisions")
          .select(["revision", "kind"])
          .where("entry_id", "=", entry!.id)
          .execute();
        expect(organisationRevisions).toEqual([{ revision: 1, kind: "seed" }]);
      });

      it("keeps earlier contact messages, about no course, and stores a course from then on", async () => {
        upgrade = await databaseMigratedTo(dialect, before018());
        const { first } = upgrade;
        const at = "2026-11-01T00:00:00.000Z";
        const message = (id: string) => ({
          id,
          first_name: "Ada",
          last_name: "",
          email: "ada@example.org",
          message: "Hello",
          created_at: at,
          delivery_status: "pending",
          spam: 0,
          spam_reason: null,
          attempts: 0,
          last_error: null,
          next_attempt_at: at,
          claimed_by: null,
          claim_expires_at: null,
          delivered_at: null,
        });
        await (first.db as unknown as Kysely<Record<string, Record<string, unknown>>>)
          .insertInto("contact_messages")
          .values(message("before"))
          .execute();
        await migrateToLatest(first);
        await first.db
          .insertInto("contact_messages")
          .values({ ...message("after"), course: "AI for Everyone" })
          .execute();
        const rows = await first.db
          .selectFrom("contact_messages")
          .select(["id", "course"])
          .orderBy("id")
          .execute();
        expect(rows).toEqual([
          { id: "after", course: "AI for Everyone" },
          { id: "before", course: null },
        ]);
      });

      it("leaves a fresh database to the seeding", async () => {
        upgrade = await databaseMigratedTo(dialect, before018());
        await migrateToLatest(upgrade.first);
        const rows = await upgrade.first.db.selectFrom("content_entries").select("id").execute();
        expect(rows).toEqual([]);
      });
    },
  );
}
