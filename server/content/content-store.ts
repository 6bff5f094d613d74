import type { FastifyBaseLogger } from "fastify";
import type { CollectionDefinition, CollectionName } from "../../common/content/collections.js";
import { buildSnapshot, type ContentSnapshot } from "../../common/content/registry.js";
import type { ContentProblem } from "../../common/content-api.js";
import type { ContentSource } from "../render/content-source.js";
import type { ContentRepository, SnapshotRow } from "./content-repository.js";

/**
 * The content source the renderer reads (server/render/content-source.ts, the one interface for
 * reading published content), over the database (docs/product.md section 14, decision 015).
 * Every instance keeps the published content in memory and learns of every change: its own at
 * once, the other instances' through PostgreSQL NOTIFY (or a poll of the version counter, see
 * content-change-feed.ts). The version changes with every publish, restore, delete, reorder and
 * scheduled publish going live, on every instance.
 */
export interface ContentStore extends ContentSource<ContentSnapshot> {
  version(): number;
  published(): Promise<ContentSnapshot>;
  withDrafts(): Promise<ContentSnapshot>;
  onChange(listener: (version: number) => void): () => void;
  /**
   * The published entries today's schemas refuse (an incompatible schema change, or an entry
   * published by an instance running newer code): shown to staff on /admin/content.
   */
  problems(): readonly ContentProblem[];
}

/** The store, with the hooks its own feature uses to tell it about changes. */
export interface ContentStoreControl extends ContentStore {
  /** A change of the public content is known to have reached `version`. */
  noteVersion(version: number): void;
}

/** What building a published snapshot remembers between builds. */
interface PublishedMemory {
  /** Each entry's data as last parsed successfully, by entry id. */
  readonly lastValid: Map<string, unknown>;
  /** Filled with the entries refused by this build. */
  readonly problems: ContentProblem[];
}

function firstIssue(error: {
  issues: readonly { path: PropertyKey[]; message: string }[];
}): string {
  const issue = error.issues[0];
  if (!issue) return "invalid";
  return issue.path.length > 0
    ? `${issue.path.map(String).join(".")}: ${issue.message}`
    : issue.message;
}

/**
 * Builds a snapshot from rows in collection order (common/content/registry.ts `buildSnapshot`
 * fills in the seed for what is missing). Data is parsed again: data saved under an older schema
 * gets today's defaults. Data today's schema refuses never reaches a page: a published entry
 * keeps its last valid version from an earlier build of this process (another instance running
 * newer code published it), or is left out; either way it is logged at error level and listed
 * for staff (`memory.problems`), never dropped silently.
 */
function snapshotFromRows(
  collections: readonly CollectionDefinition[],
  rows: readonly SnapshotRow[],
  log?: FastifyBaseLogger,
  memory?: PublishedMemory,
): ContentSnapshot {
  const byCollection = new Map<string, SnapshotRow[]>();
  for (const row of rows) {
    const list = byCollection.get(row.collection) ?? [];
    list.push(row);
    byCollection.set(row.collection, list);
  }
  const published: Partial<Record<CollectionName, unknown[]>> = {};
  for (const definition of collections) {
    const items: unknown[] = [];
    for (const row of byCollection.get(definition.name) ?? []) {
      let parsed = definition.schema.safeParse(row.data);
      if (!parsed.success && row.fallback !== undefined && row.fallback !== null) {
        parsed = definition.schema.safeParse(row.fallback);
      }
      if (parsed.success) {
        items.push(parsed.data);
        memory?.lastValid.set(row.id, parsed.data);
        continue;
      }
      const kept = memory?.lastValid.get(row.id);
      if (kept !== undefined) items.push(kept);
      const problem: ContentProblem = {
        collection: definition.name,
        id: row.id,
        message: firstIssue(parsed.error),
        keptLastValid: kept !== undefined,
      };
      memory?.problems.push(problem);
      log?.error(
        problem,
        kept !== undefined
          ? "content entry no longer fits its schema: its last valid version is shown"
          : "content entry no longer fits its schema: it is left out of the pages",
      );
    }
    published[definition.name] = items;
  }
  return buildSnapshot(published);
}

export function createContentStore(options: {
  repository: ContentRepository;
  collections: readonly CollectionDefinition[];
  log?: FastifyBaseLogger;
  /** The version read at start. */
  initialVersion: number;
}): ContentStoreControl {
  const { repository, collections, log } = options;
  let known = options.initialVersion;
  let cached: { version: number; snapshot: ContentSnapshot } | undefined;
  let building: Promise<{ version: number; snapshot: ContentSnapshot }> | undefined;
  const listeners = new Set<(version: number) => void>();
  const lastValid = new Map<string, unknown>();
  let problems: readonly ContentProblem[] = [];

  function build() {
    building ??= repository
      .loadPublished()
      .then(({ version, rows }) => {
        const memory: PublishedMemory = { lastValid, problems: [] };
        const built = { version, snapshot: snapshotFromRows(collections, rows, log, memory) };
        if (!cached || version >= cached.version) {
          cached = built;
          problems = memory.problems;
        }
        if (version > known) note(version);
        return built;
      })
      .finally(() => {
        building = undefined;
      });
    return building;
  }

  function note(version: number) {
    if (version <= known) return;
    known = version;
    for (const listener of listeners) {
      try {
        listener(version);
      } catch (error) {
        log?.error({ err: error }, "content change listener failed");
      }
    }
  }

  return {
    version: () => known,

    async published() {
      if (cached && cached.version >= known) return cached.snapshot;
      // A build started before the latest change may be older than `known`: build again.
      let built = await build();
      for (let attempt = 0; built.version < known && attempt < 3; attempt += 1) {
        built = await build();
      }
      return built.snapshot;
    },

    async withDrafts() {
      // A draft may be incomplete (decision 044): the preview then shows the entry as
      // published (content-reads.ts gives it as the row's fallback), which is no problem to log.
      return snapshotFromRows(collections, await repository.loadWithDrafts());
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    problems: () => problems,

    noteVersion: note,
  };
}
