import { PassThrough } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  MEDIA_MAX_BYTES,
  MEDIA_MESSAGES,
  mediaInUseMessage,
  type MediaItem,
  type MediaLibraryItem,
} from "../../common/media.js";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../test-support/test-app.js";
import { testDialects, type TestDatabase } from "../test-support/test-database.js";
import type { MediaReference } from "./media-usage.js";
import {
  drawnImage,
  exifHasGpsLatitude,
  multipartBody,
  MULTIPART_TYPE,
  photoWithGps,
  pngAnnouncing,
  type FormPart,
} from "./test-images.js";

const file = (data: Buffer, filename = "photo.jpg", type = "image/jpeg"): FormPart => ({
  name: "file",
  filename,
  type,
  data,
});
const alt = (value: string): FormPart => ({ name: "alt", value });

/** Places the usage stub reports, by media id (the content store's part in production). */
const usedIn = new Map<string, string[]>();
const stubUsage = {
  async usedIn(images: readonly MediaReference[]) {
    const answer = new Map<string, string[]>();
    for (const image of images) {
      const places = usedIn.get(image.id);
      if (places) answer.set(image.id, places);
    }
    return answer;
  },
};

for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`media API on ${dialect.name}`, () => {
    let database: TestDatabase;
    let t: TestApp;
    let cookie: string;

    beforeAll(async () => {
      database = await dialect.create();
      t = await createTestApp({
        database,
        env: { MEDIA_RATE_LIMIT: "0" },
        deps: { mediaUsage: stubUsage },
      });
      cookie = await t.login();
    });
    afterAll(async () => {
      await t.close();
      await database.cleanup();
    });
    beforeEach(async () => {
      usedIn.clear();
      await database.handle.db.deleteFrom("media_files").execute();
      await database.handle.db.deleteFrom("media").execute();
    });

    const upload = (parts: readonly FormPart[], app = t, headers: Record<string, string> = {}) =>
      app.app.inject({
        method: "POST",
        url: "/api/media",
        headers: { origin: TEST_ORIGIN, cookie, "content-type": MULTIPART_TYPE, ...headers },
        payload: multipartBody(parts),
      });

    const stored = async () => ({
      media: (await database.handle.db.selectFrom("media").select("id").execute()).length,
      files: (await database.handle.db.selectFrom("media_files").select("name").execute()).length,
    });

    it("turns a phone photo into AVIF and WebP copies without its GPS, upright, served immutably", async () => {
      // 2000 × 1500 pixels stored sideways, with orientation 6: upright it is 1500 × 2000.
      const photo = await photoWithGps(2000, 1500, 6);
      const before = await sharp(photo).metadata();
      expect(exifHasGpsLatitude(before.exif)).toBe(true);
      expect(before.orientation).toBe(6);

      const response = await upload([alt("The river at dusk"), file(photo)]);
      expect(response.statusCode).toBe(201);
      expect(response.headers["cache-control"]).toBe("no-store");
      const item = response.json<MediaItem>();
      expect(item).toMatchObject({
        width: 1500,
        height: 2000,
        alt: "The river at dusk",
        decorative: false,
      });
      expect(item.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(item.url).toMatch(/^\/media\/[0-9a-f]{16}-1500\.jpg$/);
      // Every width below the image's own, then its own (it is below 1920), in both formats.
      expect(item.variants.map((variant) => `${variant.width} ${variant.format}`)).toEqual([
        "320 avif",
        "320 webp",
        "640 avif",
        "640 webp",
        "960 avif",
        "960 webp",
        "1280 avif",
        "1280 webp",
        "1500 avif",
        "1500 webp",
      ]);

      const prefix = item.url.slice("/media/".length, "/media/".length + 16);
      for (const variant of item.variants) {
        expect(variant.url).toBe(
          `/media/${prefix}-${variant.width}.${variant.format === "avif" ? "avif" : "webp"}`,
        );
        const served = await t.app.inject({ method: "GET", url: variant.url });
        expect(served.statusCode).toBe(200);
        expect(served.headers["content-type"]).toBe(`image/${variant.format}`);
        expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(served.headers["x-content-type-options"]).toBe("nosniff");
        expect(served.headers.etag).toBe(`"${variant.url.slice("/media/".length)}"`);
        const metadata = await sharp(served.rawPayload).metadata();
        // sharp reads AVIF as HEIF with AV1 compression.
        expect(metadata.format).toBe(variant.format === "avif" ? "heif" : "webp");
        expect(metadata.width).toBe(variant.width);
        expect(metadata.height).toBe(Math.round((variant.width * 2000) / 1500));
        expect(metadata.exif).toBeUndefined();
        expect(metadata.orientation).toBeUndefined();
        expect(metadata.xmp).toBeUndefined();
      }

      const whole = await t.app.inject({ method: "GET", url: item.url });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers["content-type"]).toBe("image/jpeg");
      const wholeMetadata = await sharp(whole.rawPayload).metadata();
      expect(wholeMetadata).toMatchObject({ format: "jpeg", width: 1500, height: 2000 });
      expect(wholeMetadata.exif).toBeUndefined();
      expect(exifHasGpsLatitude(wholeMetadata.exif)).toBe(false);
      expect(wholeMetadata.orientation).toBeUndefined();
      expect(whole.rawPayload.includes(Buffer.from("Test Camera"))).toBe(false);
    }, 60_000);

    it("stores the same image whether or not the body's length is announced", async () => {
      const png = await drawnImage(120, 80, "png");
      const announced = await upload([alt("Shapes"), file(png)]);
      expect(announced.statusCode).toBe(201);
      // A streamed body goes without Content-Length: the file is read in chunks instead of
      // into one buffer of the announced size, and must come out byte for byte the same.
      const body = new PassThrough();
      body.end(multipartBody([alt("Shapes"), file(png)]));
      const streamed = await t.app.inject({
        method: "POST",
        url: "/api/media",
        headers: { origin: TEST_ORIGIN, cookie, "content-type": MULTIPART_TYPE },
        payload: body,
      });
      expect(streamed.statusCode).toBe(200);
      expect(streamed.json<MediaItem>().url).toBe(announced.json<MediaItem>().url);
      expect(await stored()).toEqual({ media: 1, files: 3 });
    }, 60_000);

    it("answers 304 to a matching If-None-Match, HEAD without a body, and 404 for an unknown file", async () => {
      const response = await upload([
        alt("Shapes"),
        file(await drawnImage(400, 300, "png"), "a.png", "image/png"),
      ]);
      expect(response.statusCode).toBe(201);
      const { url } = response.json<MediaItem>();
      const first = await t.app.inject({ method: "GET", url });
      const again = await t.app.inject({
        method: "GET",
        url,
        headers: { "if-none-match": first.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const head = await t.app.inject({ method: "HEAD", url });
      expect(head.statusCode).toBe(200);
      expect(head.headers["content-type"]).toBe("image/png");
      expect(head.rawPayload.length).toBe(0);

      for (const unknown of [
        "/media/0123456789abcdef-320.avif",
        url.replace(/-\d+\./, "-999."),
        "/media/not-a-file.png",
        "/media/..%2Fsite.db",
      ]) {
        const missing = await t.app.inject({ method: "GET", url: unknown });
        expect(missing.statusCode, unknown).toBe(404);
        expect(missing.headers["cache-control"] ?? "").not.toContain("immutable");
      }
    });

    it("lists the library newest first with where each image is used", async () => {
      const older = await upload([alt("First"), file(await drawnImage(330, 200, "png"), "a.png")]);
      const newer = await upload([
        { name: "decorative", value: "true" },
        file(await drawnImage(200, 330, "webp"), "b.webp", "image/webp"),
      ]);
      expect([older.statusCode, newer.statusCode]).toEqual([201, 201]);
      const newerItem = newer.json<MediaItem>();
      expect(newerItem).toMatchObject({ alt: "", decorative: true, width: 200, height: 330 });
      // A WebP no wider than 1920 px is its own full-width WebP copy.
      expect(newerItem.variants).toEqual([
        { url: newerItem.url.replace(".webp", ".avif"), width: 200, format: "avif" },
        { url: newerItem.url, width: 200, format: "webp" },
      ]);
      usedIn.set(newerItem.id, ["Home page", "Team: Ana"]);

      const list = await t.app.inject({ method: "GET", url: "/api/media", headers: { cookie } });
      expect(list.statusCode).toBe(200);
      expect(list.headers["cache-control"]).toBe("no-store");
      // Uploads first (newest first), then the site's own pictures (013-site-pictures.test.ts).
      const items = list
        .json<MediaLibraryItem[]>()
        .filter((item) => item.url.startsWith("/media/"));
      expect(items.map((item) => item.alt)).toEqual(["", "First"]);
      expect(items[0]!.used_in).toEqual(["Home page", "Team: Ana"]);
      expect(items[1]!.used_in).toEqual([]);
      expect(items[1]!.variants.map((variant) => variant.width)).toEqual([320, 320, 330, 330]);
    });

    it("refuses an upload without alt text (400) unless decorative, and stores nothing", async () => {
      const png = await drawnImage(100, 80, "png");
      const cases: Array<[FormPart[], string]> = [
        [[file(png)], MEDIA_MESSAGES.altRequired],
        [[alt("   "), file(png)], MEDIA_MESSAGES.altRequired],
        [[{ name: "decorative", value: "false" }, file(png)], MEDIA_MESSAGES.altRequired],
        [
          [alt("A chart"), { name: "decorative", value: "true" }, file(png)],
          MEDIA_MESSAGES.altWithDecorative,
        ],
        [[alt("x".repeat(401)), file(png)], MEDIA_MESSAGES.altTooLong],
        [[alt("Tab\u0000bed"), file(png)], MEDIA_MESSAGES.altControlCharacter],
        [[{ name: "decorative", value: "maybe" }, file(png)], MEDIA_MESSAGES.invalidDecorative],
        [
          [alt("A file after its fields"), { name: "caption", value: "x" }, file(png)],
          "Unknown or repeated field: caption",
        ],
        [[alt("No file")], MEDIA_MESSAGES.fileMissing],
        // The alt text may follow the file; it is still required.
        [[file(png), alt("")], MEDIA_MESSAGES.altRequired],
      ];
      for (const [parts, message] of cases) {
        const response = await upload(parts);
        expect(response.statusCode, message).toBe(400);
        expect(response.json()).toMatchObject({ error: { code: "invalid_input", message } });
      }
      expect(await stored()).toEqual({ media: 0, files: 0 });

      const afterFile = await upload([file(png), alt("Alt text sent after the file")]);
      expect(afterFile.statusCode).toBe(201);
    });

    it("checks the type from the bytes: a text file named .jpg is 415, a PNG declared as JPEG is a PNG", async () => {
      const text = Buffer.from("This is not a picture at all, only words.\n".repeat(20));
      const refused = await upload([alt("Words"), file(text, "holiday.jpg", "image/jpeg")]);
      expect(refused.statusCode).toBe(415);
      expect(refused.json()).toMatchObject({
        error: { code: "not_an_image", message: MEDIA_MESSAGES.notAnImage },
      });
      const gif = Buffer.from("GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;", "latin1");
      expect((await upload([alt("Gif"), file(gif, "a.gif", "image/gif")])).statusCode).toBe(415);
      expect(await stored()).toEqual({ media: 0, files: 0 });

      const png = await drawnImage(120, 90, "png");
      const accepted = await upload([alt("Shapes"), file(png, "shapes.jpg", "image/jpeg")]);
      expect(accepted.statusCode).toBe(201);
      const item = accepted.json<MediaItem>();
      expect(item.url).toMatch(/-120\.png$/);
      const served = await t.app.inject({ method: "GET", url: item.url });
      expect(served.headers["content-type"]).toBe("image/png");
      expect((await sharp(served.rawPayload).metadata()).format).toBe("png");
    });

    it("refuses a damaged image with 415 and a decompression bomb with 422", async () => {
      const jpeg = await drawnImage(600, 400, "jpeg");
      const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
      const damaged = await upload([alt("Half"), file(truncated)]);
      expect(damaged.statusCode).toBe(415);
      expect(damaged.json().error.message).toBe(MEDIA_MESSAGES.unreadable);

      // A few hundred bytes announcing 100,000 × 100,000 pixels: refused before decoding.
      const bomb = pngAnnouncing(100_000, 100_000);
      expect(bomb.length).toBeLessThan(2048);
      const refused = await upload([alt("Bomb"), file(bomb, "bomb.png", "image/png")]);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.message).toBe(MEDIA_MESSAGES.tooManyPixels);

      // An AVIF brand on bytes that are no AVIF.
      const fakeAvif = Buffer.concat([
        Buffer.from([0, 0, 0, 0x18]),
        Buffer.from("ftypavif\0\0\0\0avifmif1", "latin1"),
        Buffer.alloc(200),
      ]);
      expect((await upload([alt("Fake"), file(fakeAvif, "a.avif", "image/avif")])).statusCode).toBe(
        415,
      );
      expect(await stored()).toEqual({ media: 0, files: 0 });
    });

    it("refuses a file of 15 MB + 1 byte with 413 and stores nothing; 15 MB exactly is not too large", async () => {
      // A JPEG's first bytes, then zeros: only the size decides here.
      const atLimit = Buffer.alloc(MEDIA_MAX_BYTES);
      atLimit.set([0xff, 0xd8, 0xff, 0xe0]);
      const over = Buffer.concat([atLimit, Buffer.alloc(1)]);

      const tooLarge = await upload([alt("Big"), file(over)]);
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toMatchObject({
        error: { code: "file_too_large", message: MEDIA_MESSAGES.tooLarge },
      });
      expect(await stored()).toEqual({ media: 0, files: 0 });

      const justFits = await upload([alt("Big"), file(atLimit)]);
      expect(justFits.statusCode).toBe(415);

      // A body announced far over the limit is refused before it is read.
      const announced = await t.app.inject({
        method: "POST",
        url: "/api/media",
        headers: {
          origin: TEST_ORIGIN,
          cookie,
          "content-type": MULTIPART_TYPE,
          "content-length": String(MEDIA_MAX_BYTES * 2),
        },
        payload: new PassThrough(),
      });
      expect(announced.statusCode).toBe(413);
      expect(await stored()).toEqual({ media: 0, files: 0 });
    }, 60_000);

    it("answers 400 to a malformed multipart body and 415 to a body that is not multipart", async () => {
      const png = await drawnImage(50, 50, "png");
      const whole = multipartBody([alt("Cut"), file(png)]);
      const cases: Array<[string, Buffer | string]> = [
        // Cut off in the middle of the file: no closing boundary.
        [MULTIPART_TYPE, whole.subarray(0, whole.length - 200)],
        ["multipart/form-data", whole],
        [MULTIPART_TYPE, "not multipart at all"],
        [MULTIPART_TYPE, multipartBody([alt("One"), file(png), { ...file(png), name: "file" }])],
      ];
      for (const [type, payload] of cases) {
        const response = await t.app.inject({
          method: "POST",
          url: "/api/media",
          headers: { origin: TEST_ORIGIN, cookie, "content-type": type },
          payload,
        });
        expect(response.statusCode, type).toBe(400);
        expect(response.json().error.code).toMatch(/malformed_multipart|invalid_input/);
      }
      const json = await t.app.inject({
        method: "POST",
        url: "/api/media",
        headers: { origin: TEST_ORIGIN, cookie, "content-type": "application/json" },
        payload: { alt: "x" },
      });
      expect(json.statusCode).toBe(415);
      expect(await stored()).toEqual({ media: 0, files: 0 });
    });

    it("needs the admin session (401) and the site's Origin (403)", async () => {
      const parts = [alt("Shapes"), file(await drawnImage(60, 40, "png"))];
      const anonymous = await upload(parts, t, { cookie: "" });
      expect(anonymous.statusCode).toBe(401);
      const crossSite = await upload(parts, t, { origin: "https://evil.example" });
      expect(crossSite.statusCode).toBe(403);
      const noOrigin = await t.app.inject({
        method: "POST",
        url: "/api/media",
        headers: { cookie, "content-type": MULTIPART_TYPE },
        payload: multipartBody(parts),
      });
      expect(noOrigin.statusCode).toBe(403);
      expect(await stored()).toEqual({ media: 0, files: 0 });

      expect((await t.app.inject({ method: "GET", url: "/api/media" })).statusCode).toBe(401);
      const created = (await upload(parts)).json<MediaItem>();
      const deleteAnonymous = await t.app.inject({
        method: "DELETE",
        url: `/api/media/${created.id}`,
        headers: { origin: TEST_ORIGIN },
      });
      expect(deleteAnonymous.statusCode).toBe(401);
      const deleteCrossSite = await t.app.inject({
        method: "DELETE",
        url: `/api/media/${created.id}`,
        headers: { cookie, origin: "https://evil.example" },
      });
      expect(deleteCrossSite.statusCode).toBe(403);
      expect((await stored()).media).toBe(1);
    });

    it("deletes an unused image (204, its files gone) and refuses one in use (409)", async () => {
      const item = (
        await upload([alt("Shapes"), file(await drawnImage(700, 300, "jpeg"))])
      ).json<MediaItem>();
      const remove = () =>
        t.app.inject({
          method: "DELETE",
          url: `/api/media/${item.id}`,
          headers: { cookie, origin: TEST_ORIGIN },
        });

      usedIn.set(item.id, ["Event: gallery slide 2"]);
      const inUse = await remove();
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json()).toMatchObject({
        error: {
          code: "in_use",
          message: mediaInUseMessage(["Event: gallery slide 2"]),
        },
      });
      expect((await t.app.inject({ method: "GET", url: item.url })).statusCode).toBe(200);

      usedIn.clear();
      const deleted = await remove();
      expect(deleted.statusCode).toBe(204);
      expect(await stored()).toEqual({ media: 0, files: 0 });
      for (const url of [item.url, ...item.variants.map((variant) => variant.url)]) {
        expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(404);
      }
      expect((await remove()).statusCode).toBe(404);
      const notAnId = await t.app.inject({
        method: "DELETE",
        url: "/api/media/not-an-id",
        headers: { cookie, origin: TEST_ORIGIN },
      });
      expect(notAnId.statusCode).toBe(404);
    });

    it("keeps one copy of an image uploaded twice: the second upload answers 200 with the first", async () => {
      const png = await drawnImage(90, 60, "png");
      const first = await upload([alt("Once"), file(png)]);
      const second = await upload([alt("Twice"), file(png)]);
      expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
      expect(second.json<MediaItem>()).toEqual(first.json<MediaItem>());
      expect((await stored()).media).toBe(1);
    });

    it("serves on a second instance an image uploaded on the first (one shared database)", async () => {
      const other = await createTestApp({
        database: { ...database, handle: database.openAnother() },
      });
      try {
        const item = (
          await upload([alt("Shared"), file(await drawnImage(500, 250, "jpeg"))])
        ).json<MediaItem>();
        for (const url of [item.url, item.variants[0]!.url]) {
          const here = await t.app.inject({ method: "GET", url });
          const there = await other.app.inject({ method: "GET", url });
          expect(there.statusCode).toBe(200);
          expect(there.headers.etag).toBe(here.headers.etag);
          expect(Buffer.compare(there.rawPayload, here.rawPayload)).toBe(0);
        }
        const otherCookie = await other.login();
        const list = await other.app.inject({
          method: "GET",
          url: "/api/media",
          headers: { cookie: otherCookie },
        });
        expect(list.json<MediaLibraryItem[]>().map((entry) => entry.id)[0]).toBe(item.id);
      } finally {
        await other.close();
      }
    });
  });
}

describe("media upload limits", () => {
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
  });

  it("counts uploads per address (MEDIA_RATE_LIMIT, then 429 with Retry-After) before reading them", async () => {
    t = await createTestApp({ env: { MEDIA_RATE_LIMIT: "2" } });
    const cookie = await t.login();
    const body = multipartBody([{ name: "alt", value: "" }, file(Buffer.from("x"))]);
    const statuses: number[] = [];
    let last;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      last = await t.app.inject({
        method: "POST",
        url: "/api/media",
        headers: { origin: TEST_ORIGIN, cookie, "content-type": MULTIPART_TYPE },
        payload: body,
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([400, 400, 429]);
    expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0);
    await t.close();
    t = undefined;
  });

  it("admits only so many uploads at once: beyond them 503 with Retry-After, before reading", async () => {
    t = await createTestApp({
      env: { MEDIA_RATE_LIMIT: "0" },
      deps: { mediaUploads: { concurrency: 1, admitted: 1 } },
    });
    const cookie = await t.login();
    const headers = { origin: TEST_ORIGIN, cookie, "content-type": MULTIPART_TYPE };
    const png = await drawnImage(80, 60, "png");
    const body = multipartBody([
      { name: "alt", value: "Slow" },
      file(png, "slow.png", "image/png"),
    ]);

    // The first upload arrives slowly: half its body now, the rest once the second is refused.
    const slowBody = new PassThrough();
    // inject() dispatches once its answer is asked for: ask now, await later.
    const slow = Promise.resolve(
      t.app.inject({ method: "POST", url: "/api/media", headers, payload: slowBody }),
    );
    slowBody.write(body.subarray(0, body.length >> 1));

    let refused;
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const other = await t.app.inject({
        method: "POST",
        url: "/api/media",
        headers,
        payload: multipartBody([{ name: "alt", value: "" }, file(png)]),
      });
      if (other.statusCode === 503) {
        refused = other;
        break;
      }
      expect(other.statusCode).toBe(400); // the first has not taken its place yet
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(refused?.statusCode).toBe(503);
    expect(refused?.headers["retry-after"]).toBe("5");
    expect(refused?.json().error.message).toBe(MEDIA_MESSAGES.busy);

    slowBody.end(body.subarray(body.length >> 1));
    expect((await slow).statusCode).toBe(201);
    // Its place is free again.
    const after = await t.app.inject({
      method: "POST",
      url: "/api/media",
      headers,
      payload: multipartBody([
        { name: "alt", value: "Next" },
        file(await drawnImage(81, 60, "png")),
      ]),
    });
    expect(after.statusCode).toBe(201);
  });
});
