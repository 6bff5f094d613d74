import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { testDialects, type TestDatabase } from "../test-support/test-database.js";
import { createContentRepository } from "./content-repository.js";
import { createContentStore } from "./content-store.js";
import { TEST_COLLECTIONS } from "./test-collections.js";

/**
 * A published entry that today's schema refuses never empties a page silently: it keeps its last
 * valid version (an instance running newer code published it) or is left out, and either way it
 * is logged at error level and listed for staff.
 */
describe.each(testDialects)("entries that no longer fit their schema, on $name", (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  async function setUp() {
    database = await dialect.create();
    const db = database.handle.db;
    const repository = createContentRepository({
      db,
      dialect: database.handle.dialect,
      clock: Date.now,
    });
    await repository.seed(TEST_COLLECTIONS);
    const errors: Array<Record<string, unknown>> = [];
    const log = pino(
      { level: "error" },
      { write: (line: string) => errors.push(JSON.parse(line)) },
    );
    const store = createContentStore({
      repository,
      collections: TEST_COLLECTIONS,
      log,
      initialVersion: await repository.readVersion(),
    });
    /** Writes `data` as an entry's published data behind the store's back, as newer code would. */
    const publishBehindTheStore = async (collection: string, index: number, data: unknown) => {
      const rows = await db
        .selectFrom("content_entries")
        .select(["id"])
        .where("collection", "=", collection)
        .orderBy("position")
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      const id = rows[index]!.id;
      await db
        .updateTable("content_entries")
        .set({ data: JSON.stringify(data) })
        .where("id", "=", id)
        .execute();
      const version = (await repository.readVersion()) + 1;
      await db.updateTable("content_state").set({ version }).where("id", "=", 1).execute();
      store.noteVersion(version);
      return id;
    };
    return { store, errors, publishBehindTheStore };
  }

  it("keeps the last valid version of a refused entry, and lists it", async () => {
    const { store, errors, publishBehindTheStore } = await setUp();
    const before = (await store.published()) as unknown as Record<string, unknown>;
    expect(store.problems()).toEqual([]);

    // A course whose title became an object (a schema this code does not know).
    const id = await publishBehindTheStore("courses", 1, {
      id: 1,
      title: { text: "Course one" },
      description: "The second course.",
    });
    const after = (await store.published()) as unknown as Record<string, unknown>;
    expect(after.courses).toEqual(before.courses);
    expect(store.problems()).toEqual([
      { collection: "courses", id, message: expect.stringContaining("title"), keptLastValid: true },
    ]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ level: 50, collection: "courses", id, keptLastValid: true });
  });

  it("leaves out an entry that never fitted in this process, and says so", async () => {
    const { store, errors, publishBehindTheStore } = await setUp();
    const id = await publishBehindTheStore("team", 0, { name: "" });
    const snapshot = (await store.published()) as unknown as Record<string, unknown[]>;
    expect(snapshot.team).toEqual([{ name: "Grace" }]);
    expect(store.problems()).toEqual([
      { collection: "team", id, message: "name: Name is required", keptLastValid: false },
    ]);
    expect(errors[0]).toMatchObject({ level: 50, keptLastValid: false });
  });
});
