import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  CONTENT_BODY_LIMIT_BYTES,
  ENTRY_ID,
  type CollectionSummary,
  type ContentConflictBody,
} from "../../common/content-api.js";
import { isCollectionName, type CollectionDefinition } from "../../common/content/collections.js";
import type { ContentProblem } from "../../common/content-api.js";
import { isRealDateTime } from "../../common/dates.js";
import { controlCharacterMessage, isCleanText } from "../../common/text.js";
import { HttpError, fieldMessages, parseInput } from "../http/errors.js";
import { type ContentAuthor, ContentChangeError } from "./content-core.js";
import type { ContentRepository } from "./content-repository.js";
import { defaultAccess } from "../accounts/access.js";

/** Entry ids are UUIDs (seeded ones are derived, see seedEntryId). */
/** The signed-in person a publish, schedule or restore is recorded under (decision 033). */
const authorOf = (request: FastifyRequest): ContentAuthor | undefined =>
  request.staff ? { id: request.staff.id, name: request.staff.name } : undefined;

const REVISION_NUMBER = /^[1-9][0-9]{0,8}$/;
/** More than any list will hold; keeps a reorder body's work bounded. */
const MAX_LIST_ENTRIES = 1000;

const versionField = z.int({ error: "version must be a whole number" }).min(1, {
  error: "version must be a whole number of at least 1",
});

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
const AT_MESSAGE =
  "at must be a date and time in ISO 8601 form with a time zone, e.g. 2026-12-01T09:00:00Z";
const publishBody = z.strictObject({
  at: z
    .union(
      [
        // zod checks the form; the day must exist and the year be 1970-9999 (common/dates.ts).
        z.iso
          .datetime({ offset: true, error: AT_MESSAGE })
          .refine((value) => isRealDateTime(value), { error: AT_MESSAGE }),
        z.null(),
      ],
      { error: AT_MESSAGE },
    )
    .optional(),
  version: versionField.optional(),
});
const discardBody = z.strictObject({ version: versionField });
const restoreBody = z.strictObject({ version: versionField.optional() });
const orderBody = z.strictObject({
  ids: z
    .array(z.string().regex(ENTRY_ID, { error: "ids must hold entry ids" }), {
      error: "ids must be the list's entry ids in their new order",
    })
    .max(MAX_LIST_ENTRIES, { error: `A list holds at most ${MAX_LIST_ENTRIES} entries` }),
});

/** Where a string (or key) in `value` holds a control character, as a field path; else null. */
export function firstUncleanText(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === "string") return isCleanText(value, { multiline: true }) ? null : path;
  if (typeof value !== "object" || value === null || depth > 64) return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = firstUncleanText(item, `${path}.${index}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isCleanText(key)) return path;
    const found = firstUncleanText(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The schema's messages keyed like the API's fields (`data.title`). */
function dataFieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(fieldMessages(error))) {
    fields[key === "_" ? "data" : `data.${key}`] = message;
  }
  return fields;
}

/** "Title is required (data.title)", or "3 fields need attention before publishing: … and 2 more". */
export function incompleteMessage(fields: Record<string, string>): string {
  const entries = Object.entries(fields);
  const [field, message] = entries[0] ?? ["data", "Invalid content"];
  if (entries.length === 1) return `${message} (${field})`;
  return `${entries.length} fields need attention before publishing: ${message} (${field}) and ${entries.length - 1} more`;
}

/**
 * The check a draft passes before it goes live (publish, schedule, the scheduled pass): the
 * schema's output (today's defaults filled in), or ContentChangeError `incomplete` naming
 * every field that is missing or wrong.
 */
export function checkForPublish(definition: CollectionDefinition, data: unknown): unknown {
  const result = definition.schema.safeParse(data);
  if (result.success) return result.data;
  const fields = dataFieldMessages(result.error);
  throw new ContentChangeError("incomplete", incompleteMessage(fields), undefined, fields);
}

/**
 * What a draft must be to be stored (decision 044): an object of fields (for a collection
 * whose entries are objects) without control characters; missing, empty or wrong fields are
 * kept as they are, and checked on Publish and Schedule. A draft that fits the schema is stored
 * as the schema gives it back (its defaults filled in).
 */
export function parseDraftData(definition: CollectionDefinition, data: unknown): unknown {
  if (data === undefined) {
    throw new HttpError(400, "invalid_input", "data is required: send the entry's content", {
      data: "data is required",
    });
  }
  const result = definition.schema.safeParse(data);
  const expectsObject = definition.schema instanceof z.ZodObject;
  if (!result.success && expectsObject) {
    if (typeof data !== "object" || data === null || Array.isArray(data)) {
      const message = "data must be an object of the entry's fields";
      throw new HttpError(400, "invalid_input", message, { data: message });
    }
  }
  // Whatever the schema allows, no stored text holds a control character (docs/product.md 10).
  const stored = result.success ? result.data : data;
  const unclean = firstUncleanText(stored, "data");
  if (unclean) {
    // The schema names the field as staff see it ("Name contains …") when it checks that field.
    const named = result.success ? undefined : dataFieldMessages(result.error)[unclean];
    const message =
      named !== undefined && named === controlCharacterMessage(named.split(" contains ")[0]!)
        ? named
        : controlCharacterMessage(unclean);
    throw new HttpError(400, "invalid_input", message, { [unclean]: message });
  }
  if (!result.success && !expectsObject) {
    // Not an object schema (the store's own test collections): checked now, as before.
    const fields = dataFieldMessages(result.error);
    throw new HttpError(400, "invalid_input", incompleteMessage(fields), fields);
  }
  return stored;
}

export function registerContentRoutes(
  app: FastifyInstance,
  options: {
    repository: ContentRepository;
    collections: readonly CollectionDefinition[];
    clock: () => number;
    /** The published entries today's schemas refuse (content-store.ts), after a fresh build. */
    problems?: () => Promise<readonly ContentProblem[]>;
  },
): void {
  const { repository, collections, clock } = options;
  const byName = new Map(collections.map((definition) => [definition.name, definition]));

  function collectionFrom(params: unknown): CollectionDefinition {
    const name = (params as { collection?: unknown }).collection;
    const definition =
      typeof name === "string" && isCollectionName(name) ? byName.get(name) : undefined;
    if (!definition) throw new HttpError(404, "not_found", "No such content collection");
    return definition;
  }

  function listFrom(params: unknown, allow: string): CollectionDefinition {
    const definition = collectionFrom(params);
    if (definition.kind === "singleton") {
      throw new HttpError(
        405,
        "single_entry_collection",
        `${definition.label} is a single entry: it cannot be created, deleted or reordered, only edited and published`,
        undefined,
        { Allow: allow },
      );
    }
    return definition;
  }

  function idFrom(params: unknown): string {
    const id = (params as { id?: unknown }).id;
    if (typeof id !== "string" || !ENTRY_ID.test(id)) {
      throw new HttpError(404, "not_found", "Entry not found");
    }
    return id;
  }

  /**
   * Runs a change; a refused one answers 404, or 409 with the entry as it stands. A draft that
   * would break a rule across its list (two courses with one number) is bad input: 400.
   */
  async function change<T>(
    reply: FastifyReply,
    work: () => Promise<T>,
    listProblemIsBadInput = false,
  ): Promise<T | FastifyReply> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof ContentChangeError)) throw error;
      if (error.reason === "not_found") throw new HttpError(404, "not_found", "Entry not found");
      if (error.reason === "no_revision") {
        throw new HttpError(404, "not_found", "Revision not found");
      }
      if (error.reason === "incomplete") {
        throw new HttpError(400, "invalid_input", error.message, error.fields);
      }
      if (error.reason === "list_problem" && listProblemIsBadInput) {
        throw new HttpError(400, "invalid_input", error.message, { data: error.message });
      }
      const code = error.reason === "stale" ? "stale_version" : error.reason;
      const body: ContentConflictBody = {
        error: { code, message: error.message },
        ...(error.current ? { current: error.current } : {}),
      };
      return reply.code(409).type("application/json; charset=utf-8").send(body);
    }
  }

  app.register(async (admin) => {
    // Checked on request, before the body is read: an anonymous client cannot make the server
    // parse up to 256 KiB (server/accounts/access.ts).
    defaultAccess(admin, "drafts");
    admin.addHook("onSend", async (_request, reply) => {
      void reply.header("Cache-Control", "no-store");
    });
    const bodyLimit = CONTENT_BODY_LIMIT_BYTES;
    // What goes live (or leaves) needs more than drafting ("publishing", an editor's role).
    // Each change names its audit action (server/audit/audit-plugin.ts).

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
      "/api/content/:collection/:id/publish",
      {
        config: {
          access: "publishing",
          audit: (_request, reply) =>
            reply.statusCode === 202 ? "content.schedule" : "content.publish",
        },
      },
      async (request, reply) => {
        const definition = collectionFrom(request.params);
        const id = idFrom(request.params);
        const { at, version } = parseInput(publishBody, request.body ?? {});
        if (at === undefined || at === null) {
          return change(reply, () =>
            repository.publish(definition.name, id, version, authorOf(request)),
          );
        }
        const when = Date.parse(at);
        // What is scheduled must be able to go live (the scheduled pass checks it again then).
        const entry = await repository.get(definition.name, id);
        const draft = entry?.draft?.data ?? (entry?.status === "deleted" ? entry.data : undefined);
        if (draft !== undefined)
          await change(reply, async () => checkForPublish(definition, draft));
        if (!(when > clock())) {
          throw new HttpError(
            400,
            "invalid_input",
            "Choose a time in the future to schedule the publish, or publish now",
            { at: "Must be in the future" },
          );
        }
        const scheduled = await change(reply, () =>
          repository.schedule(
            definition.name,
            id,
            new Date(when).toISOString(),
            version,
            authorOf(request),
          ),
        );
        return reply.sent ? scheduled : reply.code(202).send(scheduled);
      },
    );

    admin.delete(
      "/api/content/:collection/:id/schedule",
      { config: { access: "publishing", audit: "content.unschedule" } },
      async (request, reply) => {
        const definition = collectionFrom(request.params);
        const id = idFrom(request.params);
        return change(reply, () => repository.cancelSchedule(definition.name, id));
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

    admin.get("/api/content/:collection/:id/revisions", async (request) => {
      const definition = collectionFrom(request.params);
      const revisions = await repository.revisions(definition.name, idFrom(request.params));
      if (!revisions) throw new HttpError(404, "not_found", "Entry not found");
      return revisions;
    });

    admin.post(
      "/api/content/:collection/:id/revisions/:revision/restore",
      { config: { access: "publishing", audit: "content.restore" } },
      async (request, reply) => {
        const definition = collectionFrom(request.params);
        const id = idFrom(request.params);
        const number = (request.params as { revision: string }).revision;
        if (!REVISION_NUMBER.test(number)) {
          throw new HttpError(404, "not_found", "Revision not found");
        }
        const { version } = parseInput(restoreBody, request.body ?? {});
        const revision = await repository.revision(definition.name, id, Number(number));
        if (!revision) {
          const entry = await repository.get(definition.name, id);
          throw new HttpError(404, "not_found", entry ? "Revision not found" : "Entry not found");
        }
        // The schema may have changed since: what goes live must fit today's.
        const result = definition.schema.safeParse(revision.data);
        if (!result.success) {
          return reply
            .code(409)
            .type("application/json; charset=utf-8")
            .send({
              error: {
                code: "revision_outdated",
                message:
                  "This revision no longer fits the current form of its content; copy what you need into a draft instead",
                fields: fieldMessages(result.error),
              },
            });
        }
        return change(reply, () =>
          repository.restore(definition.name, id, Number(number), version, authorOf(request)),
        );
      },
    );
  });
}
