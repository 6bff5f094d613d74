import { existsSync } from "node:fs";
import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { CONTENT_COLLECTIONS } from "../../../common/content/registry.js";
import type { MediaLibraryItem } from "../../../common/media.js";
import { createTestApp, type TestApp } from "../../test-support/test-app.js";
import { databaseMigratedTo, testDialects } from "../../test-support/test-database.js";
import { migrateToLatest } from "../database.js";
import type { Database } from "../schema.js";
import { migrations } from "./index.js";

const publicFile = (address: string) => new URL(`../../../public${address}`, import.meta.url);

/** Every picture address the seeded content uses (picture fields, posters, course icons). */
function seededPictureAddresses(): Set<string> {
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === "string") {
      if (/^\/(images|icons|video)\/.+\.(webp|avif|svg|png|jpg)$/.test(value)) found.add(value);
      return;
    }
    if (typeof value === "object" && value !== null) Object.values(value).forEach(walk);
  };
  for (const definition of CONTENT_COLLECTIONS) walk(definition.seed);
  return found;
}

/**
 * 013 puts the site's own pictures in the media library (decision 034): a fresh database lists
 * every picture the seeded content uses, each with where it is used; an upgraded one too, its
 * course icons turned into addresses, once even with two instances migrating at once.
 */
for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`013 site pictures on ${dialect.name}`, () => {
    let t: TestApp | undefined;
    let upgrade: Awaited<ReturnType<typeof databaseMigratedTo>> | undefined;
    afterEach(async () => {
      await t?.close();
      t = undefined;
      await upgrade?.cleanup();
      upgrade = undefined;
    });

    it("a fresh database's library lists every picture the content uses, with used_in", async () => {
      const database = await dialect.create();
      t = await createTestApp({ database, cheapPasswords: true });
      const cookie = await t.login();
      const response = await t.app.inject({ url: "/api/media", headers: { cookie } });
      expect(response.statusCode).toBe(200);
      const items = response.json() as MediaLibraryItem[];
      const addresses = new Set(
        items.flatMap((item) => [item.url, ...item.variants.map((variant) => variant.url)]),
      );
      for (const address of seededPictureAddresses()) expect(addresses, address).toContain(address);
      for (const address of addresses) expect(existsSync(publicFile(address)), address).toBe(true);
      expect(items.length).toBeGreaterThanOrEqual(20);
      for (const item of items) expect(item.used_in, item.url).not.toEqual([]);

      const byUrl = new Map(items.map((item) => [item.url, item]));
      const hero = byUrl.get("/images/hero-backdrop.webp")!;
      expect(hero.used_in).toEqual(["Home page"]);
      expect(hero.decorative).toBe(true);
      expect(hero.variants.map((variant) => `${variant.width} ${variant.format}`)).toEqual([
        "800 avif",
        "800 webp",
        "1200 avif",
        "1200 webp",
        "1600 avif",
        "1600 webp",
      ]);
      expect(byUrl.get("/icons/gamepad.svg")!.used_in).toEqual([
        "Courses: Game Design for Adults: Strategies for Inclusive Innovation",
      ]);
      expect(byUrl.get("/images/flyer.webp")!.alt).toMatch(/^Event flyer/);

      // Used, a site picture cannot be removed; unused (after its content changed), it can.
      const flyer = byUrl.get("/images/flyer.webp")!;
      const refused = await t.app.inject({
        method: "DELETE",
        url: `/api/media/${flyer.id}`,
        headers: { cookie, origin: "http://localhost" },
      });
      expect(refused.statusCode).toBe(409);
    });

    async function storeCourse(db: Kysely<Database>) {
      const at = "2025-09-01T00:00:00.000Z";
      const course = (title: string) =>
        JSON.stringify({ id: 11, title, description: "D", variant: "desktop", icon: "gamepad" });
      await db
        .insertInto("content_entries")
        .values({
          id: "course-entry",
          collection: "courses",
          position: 0,
          data: course("Games"),
          draft: course("Games (draft)"),
          status: "published",
          version: 2,
          publish_at: null,
          published_at: at,
          created_at: at,
          updated_at: at,
          deleted_at: null,
        })
        .execute();
      await db
        .insertInto("content_revisions")
        .values({
          entry_id: "course-entry",
          revision: 1,
          data: course("Games"),
          published_at: at,
          kind: "seed",
          restored_from: null,
        })
        .execute();
    }

    it("on an upgraded database, from two instances at once: the pictures once, icons as addresses", async () => {
      upgrade = await databaseMigratedTo(
        dialect,
        Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "013")),
      );
      const { first, second } = upgrade;
      await storeCourse(first.db);

      await Promise.all([migrateToLatest(first), migrateToLatest(second)]);
      await migrateToLatest(first);

      const pictures = await second.db.selectFrom("media_site_pictures").selectAll().execute();
      expect(pictures.length).toBeGreaterThanOrEqual(20);
      expect(new Set(pictures.map((picture) => picture.url)).size).toBe(pictures.length);
      const entry = await first.db
        .selectFrom("content_entries")
        .select(["data", "draft"])
        .where("id", "=", "course-entry")
        .executeTakeFirstOrThrow();
      expect(JSON.parse(entry.data!).icon).toBe("/icons/gamepad.svg");
      expect(JSON.parse(entry.draft!)).toMatchObject({
        title: "Games (draft)",
        icon: "/icons/gamepad.svg",
      });
      const revision = await first.db
        .selectFrom("content_revisions")
        .select("data")
        .where("entry_id", "=", "course-entry")
        .executeTakeFirstOrThrow();
      expect(JSON.parse(revision.data).icon).toBe("/icons/gamepad.svg");

      // Run again (013 itself, as if the migration table were lost): nothing changes or doubles.
      await migrations["013-site-pictures"]!.up(first.db as Kysely<unknown>);
      const again = await first.db.selectFrom("media_site_pictures").select("id").execute();
      expect(again.length).toBe(pictures.length);
    });
  });
}
