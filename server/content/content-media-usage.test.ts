import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentEntry } from "../../common/content-api.js";
import { mediaInUseMessage, type MediaItem, type MediaLibraryItem } from "../../common/media.js";
import { drawnImage, multipartBody, MULTIPART_TYPE } from "../media/test-images.js";
import { TEST_ORIGIN, type TestApp } from "../test-support/test-app.js";
import { testDialects } from "../test-support/test-database.js";
import { createContentMediaUsage } from "./content-media-usage.js";
import type { MediaUsageRow } from "./content-repository.js";
import { startContentTestApp, TEST_COLLECTIONS, type ContentTestApp } from "./test-collections.js";

describe("content media usage (names the places)", () => {
  const image = {
    id: "one",
    urls: ["/media/0123456789abcdef-800.jpg", "/media/0123456789abcdef-320.webp"],
  };
  const other = { id: "two", urls: ["/media/fedcba9876543210-640.png"] };
  const usage = (rows: MediaUsageRow[]) =>
    createContentMediaUsage({
      repository: { loadForMediaUsage: async () => rows },
      collections: TEST_COLLECTIONS,
    });
  const row = (collection: string, data: unknown, draft: unknown = null, publishAt = null) => ({
    collection,
    data,
    draft,
    publishAt,
  });

  it("finds any file of the image, at any depth and inside text, published and drafted", async () => {
    const answer = await usage([
      row("team", { name: "Grace", photo: { src: "/media/0123456789abcdef-960.webp" } }),
      row("site", { name: "Co.", tagline: "See /media/0123456789abcdef-320.avif here" }),
      row(
        "courses",
        { id: 8, title: "Course eight" },
        { id: 8, title: "Course eight", p: [{ src: "/media/0123456789abcdef-640.webp" }] },
      ),
      row("courses", { id: 1 }, null),
    ]).usedIn([image, other]);
    // In collection order (site, courses, team), drafts marked.
    expect(answer.get("one")).toEqual([
      "Site settings",
      "Courses: Course eight (draft)",
      "Team: Grace",
    ]);
    expect(answer.get("two") ?? []).toEqual([]);
  });

  it("marks a scheduled draft, names an entry without a name by its place, ignores other hashes", async () => {
    const answer = await usage([
      row(
        "team",
        { bio: "x" },
        { bio: "/media/0123456789abcdef-320.webp" },
        "2030-01-01T00:00:00Z" as never,
      ),
      row("team", { bio: "/media/0123456789abcdef-99.webp" }),
      row("team", { bio: "/media/0123456789abcdeX-320.webp /media/fedcba9876543210-640.png" }),
    ]).usedIn([image, other]);
    expect(answer.get("one")).toEqual(["Team: entry 1 (scheduled)", "Team: entry 2"]);
    expect(answer.get("two")).toEqual(["Team: entry 3"]);
  });

  it("does not read the content when asked about no image", async () => {
    let reads = 0;
    const answer = await createContentMediaUsage({
      repository: {
        loadForMediaUsage: async () => {
          reads += 1;
          return [];
        },
      },
      collections: TEST_COLLECTIONS,
    }).usedIn([]);
    expect(answer.size).toBe(0);
    expect(reads).toBe(0);
  });
});

describe.each(testDialects)("media library and content store together on $name", (dialect) => {
  let t: TestApp;
  let cookie: string;
  let request: ContentTestApp["request"];

  beforeAll(async () => {
    if (dialect.skip) return;
    ({ t, cookie, request } = await startContentTestApp(await dialect.create(), {
      MEDIA_RATE_LIMIT: "0",
    }));
  });
  afterAll(async () => {
    if (dialect.skip) return;
    await t.close();
    await t.database.cleanup();
  });

  async function library(): Promise<MediaLibraryItem[]> {
    const response = await request("GET", "/api/media");
    expect(response.statusCode).toBe(200);
    return response.json<MediaLibraryItem[]>();
  }

  it.skipIf(dialect.skip)(
    "shows where an image is used (drafts too) and refuses to delete it until no entry uses it",
    async () => {
      const uploaded = await t.app.inject({
        method: "POST",
        url: "/api/media",
        headers: { origin: TEST_ORIGIN, cookie, "content-type": MULTIPART_TYPE },
        payload: multipartBody([
          { name: "alt", value: "Ada at her desk" },
          {
            name: "file",
            filename: "ada.png",
            type: "image/png",
            data: await drawnImage(700, 500, "png"),
          },
        ]),
      });
      expect(uploaded.statusCode).toBe(201);
      const item = uploaded.json<MediaItem>();
      expect((await library()).find((entry) => entry.id === item.id)?.used_in).toEqual([]);

      const entries = (await request("GET", "/api/content/team")).json<ContentEntry[]>();
      const ada = entries.find((entry) => (entry.data as { name: string }).name === "Ada")!;
      const webp = item.variants.find((variant) => variant.format === "webp")!.url;
      const withPhoto = { name: "Ada", bio: `Photo: ${webp}` };
      const saved = await request("PUT", `/api/content/team/${ada.id}`, {
        data: withPhoto,
        version: ada.version,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await library()).find((entry) => entry.id === item.id)?.used_in).toEqual([
        "Team: Ada (draft)",
      ]);

      const refused = await request("DELETE", `/api/media/${item.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        error: {
          code: "in_use",
          message: mediaInUseMessage(["Team: Ada (draft)"]),
        },
      });

      const publish = await request("POST", `/api/content/team/${ada.id}/publish`, {});
      expect(publish.statusCode, publish.body).toBe(200);
      expect((await library()).find((entry) => entry.id === item.id)?.used_in).toEqual([
        "Team: Ada",
      ]);
      expect((await request("DELETE", `/api/media/${item.id}`)).statusCode).toBe(409);

      // Restoring the first revision takes the photo off again: the image is free.
      const restored = await request("POST", `/api/content/team/${ada.id}/revisions/1/restore`, {});
      expect(restored.statusCode, restored.body).toBe(200);
      expect((await library()).find((entry) => entry.id === item.id)?.used_in).toEqual([]);
      expect((await request("DELETE", `/api/media/${item.id}`)).statusCode).toBe(204);
      expect((await t.app.inject({ method: "GET", url: webp })).statusCode).toBe(404);
    },
  );
});
