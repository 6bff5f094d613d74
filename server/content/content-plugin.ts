import type { FastifyInstance } from "fastify";
import type { CollectionDefinition, CollectionName } from "../../common/content/collections.js";
import type { DatabaseHandle } from "../db/database.js";
import type { MediaUsage } from "../media/media-usage.js";
import { createContentChangeFeed } from "./content-change-feed.js";
import { createContentMediaUsage } from "./content-media-usage.js";
import { createContentRepository } from "./content-repository.js";
import { registerContentRoutes } from "./content-routes.js";
import { checkForPublish } from "./draft-checks.js";
import { createContentScheduler } from "./content-scheduler.js";
import { createContentStore, type ContentStore } from "./content-store.js";
import { runWhileOpen } from "../background-work.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The staff-managed content (server/content/): what the renderer reads. */
    content: ContentStore;
  }
}

export interface ContentOptions {
  database: DatabaseHandle;
  collections: readonly CollectionDefinition[];
  clock: () => number;
  /** Rules across a list's entries (common/content/registry.ts). */
  listProblems?: (collection: CollectionName, items: readonly unknown[]) => string[];
  /** How often scheduled publishes are looked for (default 1 s). */
  schedulerIntervalMs?: number;
  /** How often the version counter is polled (default 5 s on PostgreSQL, 500 ms on SQLite: content-change-feed.ts). */
  pollIntervalMs?: number;
}

/**
 * Staff-managed content: seeds what is missing, serves /api/content, publishes scheduled drafts
 * and keeps `app.content` current on every instance. Awaited by buildApp, so the store answers
 * from the first request; the scheduler and the change feed run from `ready` to `close`.
 * Also answers the media library's question where content uses an image (`mediaUsage`).
 */
export async function registerContent(
  app: FastifyInstance,
  options: ContentOptions,
): Promise<{ store: ContentStore; mediaUsage: MediaUsage }> {
  const { database, collections, clock } = options;
  const log = app.log.child({ component: "content" });
  const repository = createContentRepository({
    db: database.db,
    dialect: database.dialect,
    clock,
    // Called only by changes made after the store exists (the seed below comes after it).
    onPublicChange: (version) => store.noteVersion(version),
    ...(options.listProblems ? { listProblems: options.listProblems } : {}),
    checkPublish: (name, data) => {
      const definition = collections.find((candidate) => candidate.name === name);
      return definition ? checkForPublish(definition, data) : data;
    },
    log,
  });
  const store = createContentStore({ repository, collections, log, initialVersion: 0 });
  await repository.seed(collections);
  store.noteVersion(await repository.readVersion());
  // Built once now, so an entry today's schemas refuse is reported at start (error log, and
  // /api/content/problems for staff), not at the first visit.
  await store.published();
  const feed = createContentChangeFeed({
    database,
    repository,
    onVersion: (version) => store.noteVersion(version),
    log: app.log.child({ component: "content-feed" }),
    ...(options.pollIntervalMs ? { pollIntervalMs: options.pollIntervalMs } : {}),
  });
  const scheduler = createContentScheduler({
    repository,
    log: app.log.child({ component: "content-scheduler" }),
    ...(options.schedulerIntervalMs ? { intervalMs: options.schedulerIntervalMs } : {}),
  });

  app.decorate("content", store as ContentStore);
  registerContentRoutes(app, {
    repository,
    collections,
    clock,
    problems: async () => (await store.published(), store.problems()),
  });
  runWhileOpen(app, {
    start: async () => {
      await feed.start();
      scheduler.start();
    },
    stop: async () => {
      await scheduler.stop();
      await feed.stop();
    },
  });
  return { store, mediaUsage: createContentMediaUsage({ repository, collections }) };
}
