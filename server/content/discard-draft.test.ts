import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentEntry } from "../../common/content-api.js";
import type { TestApp } from "../test-support/test-app.js";
import { testDialects } from "../test-support/test-database.js";
import { startContentTestApp, TEST_COLLECTIONS, type ContentTestApp } from "./test-collections.js";

// Discard draft (docs/product.md 5.4): the entry goes back to its published version.
describe.each(testDialects)("discarding a draft on $name", (dialect) => {
  let t: TestApp;
  let request: ContentTestApp["request"];

  beforeAll(async () => {
    if (dialect.skip) return;
    ({ t, request } = await startContentTestApp(await dialect.create()));
  });
  afterAll(async () => {
    if (dialect.skip) return;
    await t.close();
    await t.database.cleanup();
  });

  it.skipIf(dialect.skip)(
    "drops the draft and its schedule; the published data stays, a stale version is refused",
    async () => {
      const list = (await request("GET", "/api/content/courses")).json<ContentEntry[]>();
      const entry = list[0]!;
      const url = `/api/content/courses/${entry.id}`;
      const seeded = TEST_COLLECTIONS[1]!.seed[0];
      const draft = { id: 21, title: "A draft title", description: "Not public yet." };
      const saved = (
        await request("PUT", url, { data: draft, version: entry.version })
      ).json<ContentEntry>();
      const at = new Date(Date.now() + 3_600_000).toISOString();
      const scheduled = (
        await request("POST", `${url}/publish`, { at, version: saved.version })
      ).json<ContentEntry>();
      expect(scheduled.publish_at).not.toBeNull();

      const stale = await request("POST", `${url}/draft/discard`, { version: saved.version });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ error: { code: "stale_version" } });
      const missing = await request("POST", `${url}/draft/discard`, {});
      expect(missing.statusCode).toBe(400);

      const discarded = await request("POST", `${url}/draft/discard`, {
        version: scheduled.version,
      });
      expect(discarded.statusCode, discarded.body).toBe(200);
      expect(discarded.json()).toMatchObject({
        draft: null,
        publish_at: null,
        status: "published",
        data: seeded,
        version: scheduled.version + 1,
      });
      const again = await request("POST", `${url}/draft/discard`, {
        version: scheduled.version + 1,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: { code: "no_draft" } });
    },
  );

  it.skipIf(dialect.skip)(
    "refuses an entry that was never published (delete it instead)",
    async () => {
      const created = await request("POST", "/api/content/courses", {
        data: { id: 30, title: "Brand new", description: "Only a draft." },
      });
      expect(created.statusCode).toBe(201);
      const entry = created.json<ContentEntry>();
      const response = await request("POST", `/api/content/courses/${entry.id}/draft/discard`, {
        version: entry.version,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json<{ error: { message: string } }>().error.message).toMatch(
        /never published/,
      );
      const after = (await request("GET", `/api/content/courses/${entry.id}`)).json<ContentEntry>();
      expect(after.draft).not.toBeNull();
    },
  );
});
