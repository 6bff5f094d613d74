import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentEntry, ContentRevision } from "../../common/content-api.js";
import { cheapTestPasswordHash, seedAccount } from "../test-support/test-app.js";
import { testDialects, type TestDatabase } from "../test-support/test-database.js";
import { createContentRepository } from "./content-repository.js";
import { startContentTestApp, JSON_HEADERS, type ContentTestApp } from "./test-collections.js";

for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`revisions name who published them on ${dialect.name}`, () => {
    let database: TestDatabase;
    let c: ContentTestApp;
    let editor: string;

    beforeAll(async () => {
      database = await dialect.create();
      c = await startContentTestApp(database);
      await seedAccount(database.handle.db, {
        email: "editor@example.org",
        name: "Eddie Editor",
        role: "editor",
        passwordHash: await cheapTestPasswordHash(),
      });
      editor = await c.t.login("editor@example.org");
    }, 30_000);
    afterAll(async () => {
      await c.t.close();
      await database.cleanup();
    });

    const as = async (cookie: string, method: "POST" | "PUT", url: string, payload: object) => {
      const response = await c.t.app.inject({
        method,
        url,
        headers: { ...JSON_HEADERS, cookie },
        payload,
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
      return response.json() as ContentEntry;
    };
    const revisions = async (id: string) =>
      (await c.request("GET", `/api/content/courses/${id}/revisions`)).json() as ContentRevision[];

    it("publish, scheduled publish and restore each name their person; the seed names nobody", async () => {
      const created = await as(editor, "POST", "/api/content/courses", {
        data: { id: 30, title: "Course thirty", description: "New." },
      });
      const published = await as(editor, "POST", `/api/content/courses/${created.id}/publish`, {
        version: created.version,
      });
      // The owner ("Test Owner") schedules the next draft; it goes live by itself.
      const redrafted = await as(c.cookie, "PUT", `/api/content/courses/${created.id}`, {
        data: { id: 30, title: "Course thirty, later", description: "New." },
        version: published.version,
      });
      const at = new Date(Date.now() + 3_600_000).toISOString();
      await as(c.cookie, "POST", `/api/content/courses/${created.id}/publish`, {
        version: redrafted.version,
        at,
      });
      const later = createContentRepository({
        db: database.handle.db,
        dialect: database.handle.dialect,
        clock: () => Date.parse(at) + 1000,
      });
      expect(await later.publishDue()).toBe(1);
      await as(editor, "POST", `/api/content/courses/${created.id}/revisions/1/restore`, {});

      expect(
        (await revisions(created.id)).map(({ revision, kind, published_by }) => ({
          revision,
          kind,
          by: published_by?.name ?? null,
        })),
      ).toEqual([
        { revision: 3, kind: "restore", by: "Eddie Editor" },
        { revision: 2, kind: "scheduled", by: "Test Owner" },
        { revision: 1, kind: "publish", by: "Eddie Editor" },
      ]);

      const seeded = (await c.request("GET", "/api/content/courses")).json() as ContentEntry[];
      const [original] = await revisions(seeded[0]!.id);
      expect(original).toMatchObject({ kind: "seed", published_by: null });
    });

    it("keeps the name a revision was published under when the account is renamed", async () => {
      const created = await as(editor, "POST", "/api/content/courses", {
        data: { id: 31, title: "Course thirty-one", description: "New." },
      });
      await as(editor, "POST", `/api/content/courses/${created.id}/publish`, {
        version: created.version,
      });
      const renamed = await c.t.app.inject({
        method: "PATCH",
        url: "/api/account",
        headers: { ...JSON_HEADERS, cookie: editor },
        payload: { name: "Edwina Editor" },
      });
      expect(renamed.statusCode).toBe(200);
      const [revision] = await revisions(created.id);
      expect(revision!.published_by).toMatchObject({ name: "Eddie Editor" });
    });
  });
}
