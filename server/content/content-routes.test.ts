import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ContentEntry, ContentRevision } from "../../common/content-api.js";
import { TEST_ORIGIN, type TestApp } from "../test-support/test-app.js";
import { testDialects } from "../test-support/test-database.js";
import { seedEntryId } from "./content-seeding.js";
import {
  JSON_HEADERS as json,
  startContentTestApp,
  TEST_COLLECTIONS,
  type ContentTestApp,
} from "./test-collections.js";

const course = { id: 20, title: "A new course", description: "What it teaches." };

describe.each(testDialects)("content API on $name", (dialect) => {
  let t: TestApp;
  let cookie: string;
  let request: ContentTestApp["request"];

  beforeAll(async () => {
    if (dialect.skip) return;
    ({ t, cookie, request } = await startContentTestApp(await dialect.create()));
  });
  afterAll(async () => {
    if (dialect.skip) return;
    await t.close();
    await t.database.cleanup();
  });
  // Every test starts from the seeded content: entries and revisions are wiped and seeded again.
  beforeEach(async () => {
    if (dialect.skip) return;
    const db = t.database.handle.db;
    await db.deleteFrom("content_revisions").execute();
    await db.deleteFrom("content_entries").execute();
    const { createContentRepository } = await import("./content-repository.js");
    const repository = createContentRepository({
      db,
      dialect: t.database.handle.dialect,
      clock: Date.now,
      onPublicChange: () => {},
    });
    await repository.seed(TEST_COLLECTIONS);
    // The app learns of the re-seed as it would of another instance's change.
    await waitFor(async () => t.app.content.version() === (await repository.readVersion()));
  });

  async function entries(collection: string): Promise<ContentEntry[]> {
    const response = await request("GET", `/api/content/${collection}`);
    expect(response.statusCode).toBe(200);
    return response.json<ContentEntry[]>();
  }

  async function createCourse(data: unknown = course): Promise<ContentEntry> {
    const response = await request("POST", "/api/content/courses", { data });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ContentEntry>();
  }

  async function published(): Promise<Record<string, unknown>> {
    return (await t.app.content.published()) as unknown as Record<string, unknown>;
  }

  it.skipIf(dialect.skip)("lists the collections (name, label, kind), staff only", async () => {
    const response = await request("GET", "/api/content");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toEqual([
      { name: "site", label: "Site settings", kind: "singleton" },
      { name: "courses", label: "Courses", kind: "list" },
      { name: "team", label: "Team", kind: "list" },
    ]);
    const anonymous = await t.app.inject({ method: "GET", url: "/api/content" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: { code: "unauthorized" } });
  });

  it.skipIf(dialect.skip)("refuses writes without the session or from another site", async () => {
    const [entry] = await entries("courses");
    const anonymous = await t.app.inject({
      method: "PUT",
      url: `/api/content/courses/${entry!.id}`,
      headers: json,
      payload: { data: course, version: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    const crossSite = await request(
      "PUT",
      `/api/content/courses/${entry!.id}`,
      { data: course, version: 1 },
      { origin: "https://evil.example" },
    );
    expect(crossSite.statusCode).toBe(403);
    expect((await entries("courses"))[0]!.version).toBe(1);
  });

  it.skipIf(dialect.skip)(
    "needs the session on every route, the Origin on every write, and JSON",
    async () => {
      const [entry] = await entries("courses");
      const id = entry!.id;
      const routes: ["GET" | "POST" | "PUT" | "DELETE", string][] = [
        ["GET", "/api/content"],
        ["GET", "/api/content/courses"],
        ["GET", `/api/content/courses/${id}`],
        ["POST", "/api/content/courses"],
        ["PUT", `/api/content/courses/${id}`],
        ["PUT", "/api/content/courses/order"],
        ["POST", `/api/content/courses/${id}/publish`],
        ["DELETE", `/api/content/courses/${id}/schedule`],
        ["POST", `/api/content/courses/${id}/draft/discard`],
        ["DELETE", `/api/content/courses/${id}`],
        ["GET", `/api/content/courses/${id}/revisions`],
        ["POST", `/api/content/courses/${id}/revisions/1/restore`],
      ];
      for (const [method, url] of routes) {
        const anonymous = await t.app.inject({ method, url, headers: json, payload: "{}" });
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
        if (method === "GET") continue;
        const { origin: _origin, ...withoutOrigin } = json;
        const noOrigin = await t.app.inject({
          method,
          url,
          headers: { ...withoutOrigin, cookie },
          payload: "{}",
        });
        expect(noOrigin.statusCode, `${method} ${url}`).toBe(403);
        const text = await t.app.inject({
          method,
          url,
          headers: { origin: TEST_ORIGIN, cookie, "content-type": "text/plain" },
          payload: "hello",
        });
        expect(text.statusCode, `${method} ${url}`).toBe(415);
        const broken = await t.app.inject({
          method,
          url,
          headers: { ...json, cookie },
          payload: '{"data":',
        });
        expect(broken.statusCode, `${method} ${url}`).toBe(400);
        expect(broken.json(), `${method} ${url}`).toMatchObject({
          error: { code: "invalid_json" },
        });
      }
      const one = await request("GET", `/api/content/courses/${id}`);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual(entry);
      expect(await entries("courses")).toEqual(
        expect.arrayContaining([expect.objectContaining({ id, version: 1, status: "published" })]),
      );
    },
  );

  it.skipIf(dialect.skip)(
    "answers 404 JSON for an unknown collection, entry or revision",
    async () => {
      for (const url of [
        "/api/content/nope",
        "/api/content/nope/00000000-0000-4000-8000-000000000000",
        "/api/content/courses/not-an-id",
        "/api/content/courses/00000000-0000-4000-8000-000000000000",
        "/api/content/courses/00000000-0000-4000-8000-000000000000/revisions",
      ]) {
        const response = await request("GET", url);
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toMatchObject({ error: { code: "not_found" } });
      }
      const [entry] = await entries("courses");
      for (const revision of ["9", "0", "x", "99999999999"]) {
        const response = await request(
          "POST",
          `/api/content/courses/${entry!.id}/revisions/${revision}/restore`,
        );
        expect(response.statusCode, revision).toBe(404);
        expect(response.json<{ error: { message: string } }>().error.message).toBe(
          "Revision not found",
        );
      }
      // An entry of another collection is not found through this one.
      const site = (await entries("site"))[0]!;
      expect((await request("GET", `/api/content/courses/${site.id}`)).statusCode).toBe(404);
    },
  );

  it.skipIf(dialect.skip)(
    "seeds every collection, published, each entry at revision 1",
    async () => {
      const courses = await entries("courses");
      expect(courses.map((entry) => entry.data)).toEqual(TEST_COLLECTIONS[1]!.seed);
      expect(courses.map((entry) => entry.id)).toEqual(
        [0, 1, 2].map((i) => seedEntryId("courses", i)),
      );
      for (const entry of courses) {
        expect(entry).toMatchObject({
          status: "published",
          version: 1,
          draft: null,
          publish_at: null,
        });
      }
      const revisions = await request("GET", `/api/content/courses/${courses[0]!.id}/revisions`);
      expect(revisions.statusCode).toBe(200);
      expect(revisions.json()).toEqual([
        {
          revision: 1,
          published_at: courses[0]!.published_at,
          data: TEST_COLLECTIONS[1]!.seed[0],
          kind: "seed",
          restored_from: null,
          // The original content names nobody.
          published_by: null,
        },
      ]);
      expect(await published()).toMatchObject({
        site: TEST_COLLECTIONS[0]!.seed[0],
        courses: TEST_COLLECTIONS[1]!.seed,
        team: TEST_COLLECTIONS[2]!.seed,
      });
    },
  );

  it.skipIf(dialect.skip)(
    "creates a list entry as a draft (201), never on the public site",
    async () => {
      const version = t.app.content.version();
      const entry = await createCourse();
      expect(entry).toMatchObject({
        collection: "courses",
        status: "draft",
        data: null,
        draft: { data: course },
        version: 1,
        position: 3,
        publish_at: null,
        published_at: null,
      });
      expect(t.app.content.version()).toBe(version);
      expect((await published()).courses).toHaveLength(3);
      const preview = (await t.app.content.withDrafts()) as unknown as Record<string, unknown[]>;
      expect(preview.courses).toHaveLength(4);
      expect(preview.courses![3]).toEqual(course);
      expect((await entries("courses")).map((e) => e.id)).toContain(entry.id);
    },
  );

  it.skipIf(dialect.skip)(
    "answers 405 with Allow to creating or deleting a singleton",
    async () => {
      const create = await request("POST", "/api/content/site", { data: { name: "x" } });
      expect(create.statusCode).toBe(405);
      expect(create.headers.allow).toBe("GET");
      expect(create.json()).toMatchObject({
        error: {
          code: "single_entry_collection",
          message: expect.stringContaining("Site settings"),
        },
      });
      const site = (await entries("site"))[0]!;
      const remove = await request("DELETE", `/api/content/site/${site.id}`);
      expect(remove.statusCode).toBe(405);
      expect(remove.headers.allow).toBe("GET, PUT");
      const order = await request("PUT", "/api/content/site/order", { ids: [site.id] });
      expect(order.statusCode).toBe(405);
      expect((await entries("site"))[0]!.status).toBe("published");
    },
  );

  it.skipIf(dialect.skip)("saves a draft (200) that only staff preview shows", async () => {
    const site = (await entries("site"))[0]!;
    const draft = { name: "Renamed Co.", tagline: "New words\nover two lines" };
    const version = t.app.content.version();
    const response = await request("PUT", `/api/content/site/${site.id}`, {
      data: draft,
      version: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: "published",
      version: 2,
      data: TEST_COLLECTIONS[0]!.seed[0],
      draft: { data: draft },
    });
    expect(t.app.content.version()).toBe(version);
    expect((await published()).site).toEqual(TEST_COLLECTIONS[0]!.seed[0]);
    expect(((await t.app.content.withDrafts()) as unknown as Record<string, unknown>).site).toEqual(
      draft,
    );
  });

  it.skipIf(dialect.skip)(
    "answers a stale version 409 with the current entry; nothing lost",
    async () => {
      const site = (await entries("site"))[0]!;
      const first = await request("PUT", `/api/content/site/${site.id}`, {
        data: { name: "First editor", tagline: "Saved first" },
        version: 1,
      });
      expect(first.statusCode).toBe(200);
      const second = await request("PUT", `/api/content/site/${site.id}`, {
        data: { name: "Second editor", tagline: "Saved second, from version 1" },
        version: 1,
      });
      expect(second.statusCode).toBe(409);
      const body = second.json<{
        error: { code: string; message: string };
        current: ContentEntry;
      }>();
      expect(body.error.code).toBe("stale_version");
      expect(body.error.message).toMatch(/Someone else changed this entry/);
      expect(body.current).toMatchObject({
        version: 2,
        draft: { data: { name: "First editor", tagline: "Saved first" } },
      });
      expect((await entries("site"))[0]!.draft).toEqual({
        data: { name: "First editor", tagline: "Saved first" },
      });
      // A stale publish is refused the same way.
      const publish = await request("POST", `/api/content/site/${site.id}/publish`, { version: 1 });
      expect(publish.statusCode).toBe(409);
      expect((await published()).site).toEqual(TEST_COLLECTIONS[0]!.seed[0]);
    },
  );

  it.skipIf(dialect.skip)(
    "saves an incomplete draft as it is; Publish answers 400 with a message per field (decision 044)",
    async () => {
      const [entry] = await entries("courses");
      const url = `/api/content/courses/${entry!.id}`;
      const incomplete = { id: 1.5, title: "", description: "x".repeat(2001), extra: 1 };
      const saved = await request("PUT", url, { data: incomplete, version: 1 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<ContentEntry>().draft).toEqual({ data: incomplete });

      const publish = await request("POST", `${url}/publish`, { version: 2 });
      expect(publish.statusCode).toBe(400);
      const error = publish.json<{
        error: { code: string; message: string; fields: Record<string, string> };
      }>().error;
      expect(error.code).toBe("invalid_input");
      expect(error.fields).toEqual({
        "data.id": "Number must be a whole number",
        "data.title": "Title is required",
        "data.description": "Description must be at most 2000 characters",
        "data.extra": "Unknown field: extra",
      });
      expect(error.message).toBe(
        "4 fields need attention before publishing: Number must be a whole number (data.id) and 3 more",
      );
      // Scheduling checks the same, before anything is scheduled.
      const schedule = await request("POST", `${url}/publish`, {
        at: new Date(Date.now() + 3_600_000).toISOString(),
        version: 2,
      });
      expect(schedule.statusCode).toBe(400);
      expect(schedule.json<{ error: { fields: object } }>().error.fields).toEqual(error.fields);
      expect((await entries("courses"))[0]).toMatchObject({
        version: 2,
        publish_at: null,
        data: { id: 8, title: "Course eight" },
      });
      expect(((await published()).courses as readonly { title: string }[])[0]!.title).toBe(
        "Course eight",
      );
    },
  );

  it.skipIf(dialect.skip)(
    "a scheduled draft made incomplete afterwards does not go live; the preview shows the published entry",
    async () => {
      const [entry] = await entries("courses");
      const url = `/api/content/courses/${entry!.id}`;
      const edited = { ...course, id: 8 };
      expect((await request("PUT", url, { data: edited, version: 1 })).statusCode).toBe(200);
      const at = new Date(Date.now() + 1500).toISOString();
      expect((await request("POST", `${url}/publish`, { at, version: 2 })).statusCode).toBe(202);
      const incomplete = { ...edited, title: "" };
      const saved = await request("PUT", url, { data: incomplete, version: 3 });
      expect(saved.statusCode).toBe(200);
      expect(saved.json<ContentEntry>().publish_at).not.toBeNull();
      // The preview shows the entry as published while its draft is incomplete.
      expect(
        ((await t.app.content.withDrafts()).courses as readonly { title: string }[])[0]!.title,
      ).toBe("Course eight");
      // The pass refuses it: the schedule ends, the draft stays, nothing goes live.
      await waitFor(async () => (await entries("courses"))[0]!.publish_at === null, 10_000);
      const after = (await entries("courses"))[0]!;
      expect(after.draft).toEqual({ data: incomplete });
      expect(after.data).toMatchObject({ title: "Course eight" });
      expect(((await published()).courses as readonly { title: string }[])[0]!.title).toBe(
        "Course eight",
      );
    },
  );

  it.skipIf(dialect.skip)(
    "answers 400 for a body that is not an entry's draft, and stores nothing",
    async () => {
      const [entry] = await entries("courses");
      const url = `/api/content/courses/${entry!.id}`;
      const cases: [unknown, Record<string, string | RegExp>][] = [
        [{ data: course }, { version: /version is required/ }],
        [{ data: course, version: "1" }, { version: /whole number/ }],
        [{ version: 1 }, { data: "data is required" }],
        [{ data: course, version: 1, status: "published" }, { status: "Unknown field: status" }],
        [{ data: "text", version: 1 }, { data: "data must be an object of the entry's fields" }],
        [{ data: [course], version: 1 }, { data: "data must be an object of the entry's fields" }],
      ];
      for (const [body, fields] of cases) {
        const response = await request("PUT", url, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        const error = response.json<{ error: { code: string; fields: Record<string, string> } }>()
          .error;
        expect(error.code).toBe("invalid_input");
        for (const [field, message] of Object.entries(fields)) {
          if (typeof message === "string") expect(error.fields[field]).toBe(message);
          else expect(error.fields[field]).toMatch(message);
        }
      }
      expect((await entries("courses"))[0]).toMatchObject({ version: 1, draft: null });
    },
  );

  it.skipIf(dialect.skip)(
    "refuses control characters, and keeps HTML-like text as text",
    async () => {
      const [entry] = await entries("team");
      const url = `/api/content/team/${entry!.id}`;
      for (const name of ["a\u0000b", "bell\u0007", "esc\u001b[31m", "c1\u0085", "\ud800"]) {
        const response = await request("PUT", url, { data: { name }, version: 1 });
        expect(response.statusCode, JSON.stringify(name)).toBe(400);
        expect(response.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual(
          {
            "data.name":
              "Name contains a control character (a text-direction control, for one) or invalid text",
          },
        );
      }
      // A field the schema leaves loose is still checked by the store.
      const loose = await request("PUT", url, {
        data: { name: "Ada", bio: "x\u0000" },
        version: 1,
      });
      expect(loose.statusCode).toBe(400);
      expect(loose.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
        "data.bio":
          "data.bio contains a control character (a text-direction control, for one) or invalid text",
      });

      const html = "<script>alert(\"x\")</script> & <b>bold</b> &amp; 'quotes'";
      const saved = await request("PUT", url, { data: { name: "Ada", bio: html }, version: 1 });
      expect(saved.statusCode).toBe(200);
      const publish = await request("POST", `${url}/publish`);
      expect(publish.statusCode).toBe(200);
      expect(publish.json<ContentEntry>().data).toEqual({ name: "Ada", bio: html });
      expect(((await published()).team as unknown[])[0]).toEqual({ name: "Ada", bio: html });
    },
  );

  it.skipIf(dialect.skip)(
    "publishes now (200): live, a new revision, a new content version",
    async () => {
      const [entry] = await entries("courses");
      const url = `/api/content/courses/${entry!.id}`;
      const edited = { ...(TEST_COLLECTIONS[1]!.seed[0] as object), title: "Edited title" };
      expect((await request("PUT", url, { data: edited, version: 1 })).statusCode).toBe(200);
      const before = t.app.content.version();
      const changes: number[] = [];
      const unsubscribe = t.app.content.onChange((version) => changes.push(version));
      const response = await request("POST", `${url}/publish`, {});
      unsubscribe();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: "published",
        data: edited,
        draft: null,
        version: 3,
      });
      expect(t.app.content.version()).toBeGreaterThan(before);
      expect(changes).toEqual([t.app.content.version()]);
      expect(((await published()).courses as unknown[])[0]).toEqual(edited);
      const revisions = (await request("GET", `${url}/revisions`)).json<ContentRevision[]>();
      expect(revisions.map((r) => [r.revision, r.kind])).toEqual([
        [2, "publish"],
        [1, "seed"],
      ]);
      expect(revisions[0]!.data).toEqual(edited);
      // Nothing left to publish.
      const again = await request("POST", `${url}/publish`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: { code: "no_draft" } });
    },
  );

  it.skipIf(dialect.skip)("publishes a new entry, which joins the list at its end", async () => {
    const entry = await createCourse();
    const response = await request("POST", `/api/content/courses/${entry.id}/publish`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "published", data: course, draft: null });
    expect(((await published()).courses as unknown[]).at(-1)).toEqual(course);
  });

  it.skipIf(dialect.skip)("schedules a publish (202) for a future time only", async () => {
    const [entry] = await entries("courses");
    const url = `/api/content/courses/${entry!.id}`;
    const noDraft = await request("POST", `${url}/publish`, {
      at: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(noDraft.statusCode).toBe(409);
    expect(noDraft.json()).toMatchObject({ error: { code: "no_draft" } });
    await request("PUT", url, { data: course, version: 1 });
    for (const at of [
      "2020-01-01T00:00:00Z",
      new Date(Date.now() - 1000).toISOString(),
      "tomorrow",
      "2030-13-01T00:00:00Z",
      "2030-01-01T10:00:00",
      "",
      5,
      true,
    ]) {
      const response = await request("POST", `${url}/publish`, { at });
      expect(response.statusCode, String(at)).toBe(400);
      const fields = response.json<{ error: { fields: Record<string, string> } }>().error.fields;
      expect(fields.at).toMatch(/^(at must be a date and time in ISO 8601|Must be in the future)/);
    }
    const at = "2099-06-01T09:30:00+02:00";
    const scheduled = await request("POST", `${url}/publish`, { at });
    expect(scheduled.statusCode).toBe(202);
    expect(scheduled.json()).toMatchObject({
      publish_at: "2099-06-01T07:30:00.000Z",
      draft: { data: course },
      data: TEST_COLLECTIONS[1]!.seed[0],
    });
    expect(((await published()).courses as unknown[])[0]).toEqual(TEST_COLLECTIONS[1]!.seed[0]);
    const cancelled = await request("DELETE", `${url}/schedule`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ publish_at: null, draft: { data: course } });
  });

  it.skipIf(dialect.skip)(
    "deletes (204) from the public site; restoring a revision brings it back",
    async () => {
      const [first, second] = await entries("courses");
      const before = t.app.content.version();
      const response = await request("DELETE", `/api/content/courses/${first!.id}`);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe("");
      expect(t.app.content.version()).toBeGreaterThan(before);
      expect((await published()).courses as unknown[]).toEqual(TEST_COLLECTIONS[1]!.seed.slice(1));
      const listed = await entries("courses");
      expect(listed.map((e) => [e.id, e.status])).toEqual([
        [second!.id, "published"],
        [listed[1]!.id, "published"],
        [first!.id, "deleted"],
      ]);
      // Deleting again changes nothing.
      expect((await request("DELETE", `/api/content/courses/${first!.id}`)).statusCode).toBe(204);
      const revisions = await request("GET", `/api/content/courses/${first!.id}/revisions`);
      expect(revisions.json<ContentRevision[]>()).toHaveLength(1);

      const restored = await request(
        "POST",
        `/api/content/courses/${first!.id}/revisions/1/restore`,
      );
      expect(restored.statusCode).toBe(200);
      expect(restored.json()).toMatchObject({
        status: "published",
        data: TEST_COLLECTIONS[1]!.seed[0],
      });
      expect((await published()).courses).toEqual(TEST_COLLECTIONS[1]!.seed);
      const after = (await request("GET", `/api/content/courses/${first!.id}/revisions`)).json<
        ContentRevision[]
      >();
      expect(after.map((r) => [r.revision, r.kind, r.restored_from])).toEqual([
        [2, "restore", 1],
        [1, "seed", null],
      ]);
      expect(
        (await request("DELETE", "/api/content/courses/00000000-0000-4000-8000-000000000000"))
          .statusCode,
      ).toBe(404);
    },
  );

  it.skipIf(dialect.skip)(
    "restores an older revision as a new one (200), keeping the draft",
    async () => {
      const site = (await entries("site"))[0]!;
      const url = `/api/content/site/${site.id}`;
      const v2 = { name: "Second name", tagline: "Second" };
      await request("PUT", url, { data: v2, version: 1 });
      await request("POST", `${url}/publish`);
      const draft = { name: "Unsaved idea", tagline: "Work in progress" };
      await request("PUT", url, { data: draft, version: 3 });
      const restored = await request("POST", `${url}/revisions/1/restore`, { version: 4 });
      expect(restored.statusCode).toBe(200);
      expect(restored.json()).toMatchObject({
        data: TEST_COLLECTIONS[0]!.seed[0],
        draft: { data: draft },
        version: 5,
      });
      expect((await published()).site).toEqual(TEST_COLLECTIONS[0]!.seed[0]);
      const revisions = (await request("GET", `${url}/revisions`)).json<ContentRevision[]>();
      expect(revisions.map((r) => r.revision)).toEqual([3, 2, 1]);
      expect(revisions[0]!.data).toEqual(TEST_COLLECTIONS[0]!.seed[0]);
      const stale = await request("POST", `${url}/revisions/2/restore`, { version: 4 });
      expect(stale.statusCode).toBe(409);
    },
  );

  it.skipIf(dialect.skip)(
    "reorders a list (PUT .../order), live at once; a stale list is 409",
    async () => {
      const listed = await entries("courses");
      const ids = listed.map((e) => e.id).reverse();
      const before = t.app.content.version();
      const response = await request("PUT", "/api/content/courses/order", { ids });
      expect(response.statusCode).toBe(200);
      expect(response.json<ContentEntry[]>().map((e) => [e.id, e.position])).toEqual(
        ids.map((id, position) => [id, position]),
      );
      expect(t.app.content.version()).toBeGreaterThan(before);
      expect((await published()).courses).toEqual([...TEST_COLLECTIONS[1]!.seed].reverse());
      // Versions are untouched: nobody's open editor becomes stale by a move.
      expect((await entries("courses")).map((e) => e.version)).toEqual([1, 1, 1]);

      for (const stale of [ids.slice(1), [...ids, ids[0]], [ids[0], ids[0], ids[1]]]) {
        const refused = await request("PUT", "/api/content/courses/order", { ids: stale });
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toMatchObject({ error: { code: "list_changed" } });
      }
      const bad = await request("PUT", "/api/content/courses/order", { ids: ["x"] });
      expect(bad.statusCode).toBe(400);
      expect((await published()).courses).toEqual([...TEST_COLLECTIONS[1]!.seed].reverse());
    },
  );

  it.skipIf(dialect.skip)("keeps rules across a list: one number per course", async () => {
    const duplicate = await request("POST", "/api/content/courses", {
      data: { ...course, id: 8 },
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({
      error: {
        code: "invalid_input",
        message: "Course number 8 is already used by another course",
        fields: { data: "Course number 8 is already used by another course" },
      },
    });
    const [first, second] = await entries("courses");
    const save = await request("PUT", `/api/content/courses/${second!.id}`, {
      data: { ...(second!.data as object), id: 8 },
      version: 1,
    });
    expect(save.statusCode).toBe(400);
    expect((await entries("courses")).length).toBe(3);
    expect((await entries("courses"))[1]!).toMatchObject({ version: 1, draft: null });

    // Drafts may free a number; publishing before the other is live is refused (409).
    await request("PUT", `/api/content/courses/${first!.id}`, {
      data: { ...(first!.data as object), id: 50 },
      version: 1,
    });
    const taker = await createCourse({ ...course, id: 8 });
    const before = t.app.content.version();
    const early = await request("POST", `/api/content/courses/${taker.id}/publish`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: { code: "list_problem" } });
    expect(t.app.content.version()).toBe(before);
    expect((await request("POST", `/api/content/courses/${first!.id}/publish`)).statusCode).toBe(
      200,
    );
    expect((await request("POST", `/api/content/courses/${taker.id}/publish`)).statusCode).toBe(
      200,
    );
  });

  it.skipIf(dialect.skip)(
    "refuses to restore a revision today's schema no longer accepts",
    async () => {
      const [entry] = await entries("courses");
      await t.database.handle.db
        .insertInto("content_revisions")
        .values({
          entry_id: entry!.id,
          revision: 2,
          data: JSON.stringify({ id: 8, title: "Old shape" }),
          published_at: "2026-01-01T00:00:00.000Z",
          kind: "publish",
          restored_from: null,
        })
        .execute();
      const response = await request(
        "POST",
        `/api/content/courses/${entry!.id}/revisions/2/restore`,
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        error: { code: "revision_outdated", fields: { description: "Description is required" } },
      });
      expect(((await published()).courses as unknown[])[0]).toEqual(TEST_COLLECTIONS[1]!.seed[0]);
    },
  );

  it.skipIf(dialect.skip)("accepts entries up to 256 KiB and answers 413 above", async () => {
    const [entry] = await entries("team");
    const url = `/api/content/team/${entry!.id}`;
    const big = await request("PUT", url, {
      data: { name: "Ada", bio: "é".repeat(19_000) },
      version: 1,
    });
    expect(big.statusCode, big.body.slice(0, 200)).toBe(200);
    const tooBig = await t.app.inject({
      method: "PUT",
      url,
      headers: { ...json, cookie },
      payload: JSON.stringify({ data: { name: "Ada", bio: "x".repeat(257 * 1024) }, version: 2 }),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({
      error: { code: "body_too_large", message: "Request body is too large (limit 256 KiB)" },
    });
    const created = await t.app.inject({
      method: "POST",
      url: "/api/content/team",
      headers: { ...json, cookie },
      payload: JSON.stringify({ data: { name: "x".repeat(300 * 1024) } }),
    });
    expect(created.statusCode).toBe(413);
    // Other routes keep their 16 KiB limit.
    const publish = await t.app.inject({
      method: "POST",
      url: `${url}/publish`,
      headers: { ...json, cookie },
      payload: JSON.stringify({ x: "x".repeat(17 * 1024) }),
    });
    expect(publish.statusCode).toBe(413);
    expect(publish.json()).toMatchObject({
      error: { message: "Request body is too large (limit 16 KiB)" },
    });
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out");
    await new Promise((done) => setTimeout(done, 20));
  }
}
