import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CreateUpdateInput } from "../../common/updates-schemas.js";
import { migrateToLatest } from "../db/database.js";
import { testDialects, type TestDatabase } from "../test-support/test-database.js";
import { createUpdatesRepository, type UpdatesRepository } from "./updates-repository.js";

function input(overrides: Partial<CreateUpdateInput> = {}): CreateUpdateInput {
  return {
    type: "news",
    title: "A title",
    summary: "A summary",
    url: null,
    image_url: null,
    status: "published",
    featured: true,
    published_at: "2025-05-01T10:00:00.000Z",
    ...overrides,
  };
}

for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`updates repository on ${dialect.name}`, () => {
    let database: TestDatabase;
    let repository: UpdatesRepository;
    let now: number;

    beforeEach(async () => {
      database = await dialect.create();
      now = Date.parse("2025-06-01T00:00:00.000Z");
      repository = createUpdatesRepository(database.handle.db, () => now);
    });
    afterEach(async () => {
      await database.cleanup();
    });

    it("creates an update with a UUID and timestamps, and reads it back identically", async () => {
      const created = await repository.create(input({ url: "https://example.org/a" }));
      expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(created.created_at).toBe("2025-06-01T00:00:00.000Z");
      expect(created.updated_at).toBe(created.created_at);
      expect(await repository.listAll()).toEqual([created]);
    });

    it("lists only published and featured updates publicly, newest published first, limited", async () => {
      await repository.create(input({ title: "old", published_at: "2025-01-01T00:00:00.000Z" }));
      await repository.create(input({ title: "new", published_at: "2025-03-01T00:00:00.000Z" }));
      await repository.create(input({ title: "draft", status: "draft" }));
      await repository.create(input({ title: "unfeatured", featured: false }));
      const featured = await repository.listFeatured(5);
      expect(featured.map((update) => update.title)).toEqual(["new", "old"]);
      expect((await repository.listFeatured(1)).map((update) => update.title)).toEqual(["new"]);
    });

    it("lists all updates newest created first", async () => {
      await repository.create(input({ title: "first" }));
      now += 1000;
      await repository.create(input({ title: "second", status: "draft" }));
      expect((await repository.listAll()).map((update) => update.title)).toEqual([
        "second",
        "first",
      ]);
    });

    it("patches only the given fields and moves updated_at", async () => {
      const created = await repository.create(input());
      now += 5000;
      const patched = await repository.patch(created.id, { featured: false });
      expect(patched).toEqual({
        ...created,
        featured: false,
        updated_at: "2025-06-01T00:00:05.000Z",
      });
      const again = await repository.patch(created.id, { status: "draft", title: "Changed" });
      expect(again?.status).toBe("draft");
      expect(again?.title).toBe("Changed");
      expect(again?.summary).toBe(created.summary);
    });

    it("reports absent ids on patch and remove", async () => {
      const missing = "00000000-0000-4000-8000-000000000000";
      expect(await repository.patch(missing, { featured: true })).toBeUndefined();
      expect(await repository.remove(missing)).toBe(false);
    });

    it("removes an update", async () => {
      const created = await repository.create(input());
      expect(await repository.remove(created.id)).toBe(true);
      expect(await repository.listAll()).toEqual([]);
    });

    it("stores HTML and unicode verbatim", async () => {
      const created = await repository.create(input({ title: "<script>alert(1)</script> café ✓" }));
      const [read] = await repository.listAll();
      expect(read?.title).toBe("<script>alert(1)</script> café ✓");
      expect(read?.id).toBe(created.id);
    });

    it("migrations are safe to run twice and from two instances at once", async () => {
      const other = database.openAnother();
      const third = database.openAnother();
      await Promise.all([migrateToLatest(other), migrateToLatest(third)]);
      await migrateToLatest(database.handle);
      await repository.create(input());
      expect(await createUpdatesRepository(other.db, () => now).listAll()).toHaveLength(1);
    });

    it("refuses rows that break the column rules", async () => {
      await expect(
        database.handle.db
          .insertInto("site_updates")
          .values({
            id: "x",
            type: "gossip",
            title: "t",
            summary: "s",
            url: null,
            image_url: null,
            status: "published",
            featured: 1,
            published_at: "2025-01-01T00:00:00.000Z",
            created_at: "2025-01-01T00:00:00.000Z",
            updated_at: "2025-01-01T00:00:00.000Z",
          })
          .execute(),
      ).rejects.toThrow();
    });
  });
}
