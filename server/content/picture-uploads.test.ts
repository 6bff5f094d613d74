import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  describeField,
  imageFromUpload,
  type Field,
  type LibraryImage,
} from "../../app/staff/content/schema/schema-fields.js";
import type { ContentEntry } from "../../common/content-api.js";
import { CONTENT_COLLECTIONS } from "../../common/content/registry.js";
import type { MediaItem } from "../../common/media.js";
import { drawnImage, multipartBody, MULTIPART_TYPE } from "../media/test-images.js";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../test-support/test-app.js";
import { testDialects } from "../test-support/test-database.js";

/*
 * Issue 29: a picture uploaded into Event › Gallery › Slide made the entry unsavable ("Slide has
 * unknown fields: variants"). This sweep uploads a real picture (sharp makes its copies) through
 * POST /api/media and puts it, as the editor does (imageFromUpload, which fills only the fields
 * the picture's group has), into every picture field of every collection: top-level, inside groups
 * and inside list items. Each entry then saves as a draft and publishes.
 */

/** Fills a picture field created from nothing (an optional picture left out of the seed). */
function newPicture(field: Field & { kind: "group" }, upload: LibraryImage) {
  const extras = Object.fromEntries(
    field.fields
      .filter((entry) => entry.field.required && entry.field.kind === "text")
      .map((entry) => [entry.key, `Example ${entry.field.label.toLowerCase()}`]),
  );
  return imageFromUpload(extras, upload, field);
}

/**
 * `value` with every picture in it replaced by `upload`; `found` collects each picture field's
 * place in the schema (list items as []), so the test can tell that every one was reached.
 */
function withUploads(
  field: Field,
  value: unknown,
  upload: LibraryImage,
  place: string,
  found: Set<string>,
): unknown {
  if (field.kind === "group") {
    if (field.image) {
      found.add(place);
      if (value === undefined) return newPicture(field, upload);
      return imageFromUpload(value as Record<string, unknown>, upload, field);
    }
    if (value === undefined || value === null) return value;
    const record = { ...(value as Record<string, unknown>) };
    for (const { key, field: inner } of field.fields) {
      const next = withUploads(inner, record[key], upload, `${place}.${key}`, found);
      if (next !== undefined) record[key] = next;
    }
    return record;
  }
  if (field.kind === "list" && Array.isArray(value)) {
    return value.map((item) => withUploads(field.item, item, upload, `${place}[]`, found));
  }
  if (field.kind === "tuple" && Array.isArray(value)) {
    return value.map((item, index) =>
      withUploads(field.items[index]!, item, upload, `${place}[${index}]`, found),
    );
  }
  if (field.kind === "variants" && typeof value === "object" && value !== null) {
    const chosen = (value as Record<string, unknown>)[field.discriminator];
    const option = field.options.find((entry) => entry.value === chosen);
    return option
      ? withUploads(option.field, value, upload, `${place}<${option.value}>`, found)
      : value;
  }
  return value;
}

/** Every picture field's place in a schema, whatever the data holds. */
function picturePlaces(field: Field, place: string, out: Set<string>): Set<string> {
  if (field.kind === "group") {
    if (field.image) out.add(place);
    else for (const entry of field.fields) picturePlaces(entry.field, `${place}.${entry.key}`, out);
  } else if (field.kind === "list") picturePlaces(field.item, `${place}[]`, out);
  else if (field.kind === "tuple") {
    field.items.forEach((item, index) => picturePlaces(item, `${place}[${index}]`, out));
  } else if (field.kind === "variants") {
    for (const option of field.options)
      picturePlaces(option.field, `${place}<${option.value}>`, out);
  }
  return out;
}

describe.each(testDialects)("a picture uploaded into any picture field on $name", (dialect) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    if (dialect.skip) return;
    t = await createTestApp({
      database: await dialect.create(),
      cheapPasswords: true,
      env: { MEDIA_RATE_LIMIT: "0" },
    });
    cookie = await t.login();
  });
  afterAll(async () => {
    if (dialect.skip) return;
    await t.close();
    await t.database.cleanup();
  });

  const request = (method: "GET" | "PUT" | "POST", url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { "content-type": "application/json", origin: TEST_ORIGIN, cookie },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });

  it.skipIf(dialect.skip)(
    "saves as a draft and publishes, in every collection, at every depth",
    async () => {
      const uploaded = await t.app.inject({
        method: "POST",
        url: "/api/media",
        headers: { origin: TEST_ORIGIN, cookie, "content-type": MULTIPART_TYPE },
        payload: multipartBody([
          { name: "alt", value: "Participants painting a mural by the river" },
          {
            name: "file",
            filename: "mural.jpg",
            type: "image/jpeg",
            data: await drawnImage(1800, 1200, "jpeg"),
          },
        ]),
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const upload = uploaded.json<MediaItem>();
      // Several copies, so a field that keeps them gets a list of narrower copies.
      expect(upload.variants.length).toBeGreaterThan(2);

      let collectionsWithPictures = 0;
      for (const collection of CONTENT_COLLECTIONS) {
        const field = describeField(collection.schema);
        const expected = picturePlaces(field, collection.name, new Set());
        if (expected.size === 0) continue;
        collectionsWithPictures += 1;
        const entries = (await request("GET", `/api/content/${collection.name}`)).json<
          ContentEntry[]
        >();
        const reached = new Set<string>();
        for (const entry of entries) {
          const data = withUploads(field, entry.data, upload, collection.name, reached);
          const saved = await request("PUT", `/api/content/${collection.name}/${entry.id}`, {
            data,
            version: entry.version,
          });
          expect(saved.statusCode, `${collection.name}: ${saved.body}`).toBe(200);
          const published = await request(
            "POST",
            `/api/content/${collection.name}/${entry.id}/publish`,
            {},
          );
          expect(published.statusCode, `${collection.name}: ${published.body}`).toBe(200);
          expect(published.json<ContentEntry>().data).toEqual(data);
        }
        // Every picture field of the schema was filled in some entry (a list's items included).
        expect([...reached].sort(), collection.name).toEqual([...expected].sort());
      }
      expect(collectionsWithPictures).toBeGreaterThan(3);
    },
  );
});
