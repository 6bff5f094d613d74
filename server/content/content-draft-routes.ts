import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  CONTENT_BODY_LIMIT_BYTES,
  ENTRY_ID,
  type CollectionSummary,
  type ContentProblem,
} from "../../common/content-api.js";
import type { CollectionDefinition } from "../../common/content/collections.js";
import { HttpError, parseInput } from "../http/errors.js";
import { change, versionField, type ContentParams } from "./content-route-parts.js";
import type { ContentRepository } from "./content-repository.js";
import { parseDraftData } from "./draft-checks.js";

/** More than any list will hold; keeps a reorder body's work bounded. */
const MAX_LIST_ENTRIES = 1000;

const createBody = z.strictObject({ data: z.unknown().optional() });
const saveBody = z.strictObject({
  data: z.unknown().optional(),
  version: z.unknown().superRefine((value, context) => {
    if (value === undefined) {
      context.addIssue({
        code: "custom",
        message:
          "version is required: send the version of the entry you loaded, so that nobody's newer save is overwritten",
      });
      return;
    }
    const result = versionField.safeParse(value);
    if (!result.success)
      context.addIssue({ code: "custom", message: result.error.issues[0]!.message });
  }),
});
const discardBody = z.strictObject({ version: versionField });
const orderBody = z.strictObject({
  ids: z
    .array(z.string().regex(ENTRY_ID, { error: "ids must hold entry ids" }), {
      error: "ids must be the list's entry ids in their new order",
    })
    .max(MAX_LIST_ENTRIES, { error: `A list holds at most ${MAX_LIST_ENTRIES} entries` }),
});

/**
 * The drafts' routes: the collections and their entries as staff edit them, created, saved,
 * reordered, discarded and deleted (what goes live: content-publish-routes.ts).
 */
export function registerDraftRoutes(
  admin: FastifyInstance,
  options: {
    repository: ContentRepository;
    collections: readonly CollectionDefinition[];
    params: ContentParams;
    problems?: (() => Promise<readonly ContentProblem[]>) | undefined;
  },
): void {
  const { repository, collections } = options;
  const { collectionFrom, listFrom, idFrom } = options.params;
  const bodyLimit = CONTENT_BODY_LIMIT_BYTES;

  admin.get("/api/content", async (): Promise<CollectionSummary[]> =>
    collections.map(({ name, label, kind }) => ({ name, label, kind })),
  );

  // Before /:collection in meaning, and found first by the router (a static segment wins).
  admin.get("/api/content/problems", async (): Promise<readonly ContentProblem[]> =>
    options.problems ? options.problems() : [],
  );

  admin.get("/api/content/:collection", async (request) =>
    repository.list(collectionFrom(request.params).name),
  );

  admin.get("/api/content/:collection/:id", async (request) => {
    const definition = collectionFrom(request.params);
    const entry = await repository.get(definition.name, idFrom(request.params));
    if (!entry) throw new HttpError(404, "not_found", "Entry not found");
    return entry;
  });

  admin.post(
    "/api/content/:collection",
    { bodyLimit, config: { audit: "content.create" } },
    async (request, reply) => {
      const definition = listFrom(request.params, "GET");
      const { data } = parseInput(createBody, request.body ?? {});
      const entry = await change(
        reply,
        () => repository.create(definition.name, parseDraftData(definition, data)),
        true,
      );
      return reply.sent ? entry : reply.code(201).send(entry);
    },
  );

  // Before /:id in meaning, not in order: the router prefers the fixed segment.
  admin.put(
    "/api/content/:collection/order",
    { bodyLimit, config: { access: "publishing", audit: "content.reorder" } },
    async (request, reply) => {
      const definition = listFrom(request.params, "GET");
      const { ids } = parseInput(orderBody, request.body ?? {});
      return change(reply, () => repository.reorder(definition.name, ids));
    },
  );

  admin.put(
    "/api/content/:collection/:id",
    { bodyLimit, config: { audit: "content.save" } },
    async (request, reply) => {
      const definition = collectionFrom(request.params);
      const id = idFrom(request.params);
      const body = parseInput(saveBody, request.body ?? {});
      const data = parseDraftData(definition, body.data);
      const version = body.version as number;
      return change(reply, () => repository.saveDraft(definition.name, id, data, version), true);
    },
  );

  admin.post(
    "/api/content/:collection/:id/draft/discard",
    { config: { audit: "content.discard" } },
    async (request, reply) => {
      const definition = collectionFrom(request.params);
      const id = idFrom(request.params);
      const { version } = parseInput(discardBody, request.body ?? {});
      return change(reply, () => repository.discardDraft(definition.name, id, version));
    },
  );

  admin.delete(
    "/api/content/:collection/:id",
    { config: { access: "publishing", audit: "content.delete" } },
    async (request, reply) => {
      const definition = listFrom(request.params, "GET, PUT");
      const id = idFrom(request.params);
      if (!(await repository.remove(definition.name, id))) {
        throw new HttpError(404, "not_found", "Entry not found");
      }
      return reply.code(204).send();
    },
  );
}
