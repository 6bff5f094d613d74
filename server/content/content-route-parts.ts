import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { ENTRY_ID, type ContentConflictBody } from "../../common/content-api.js";
import { isCollectionName, type CollectionDefinition } from "../../common/content/collections.js";
import { HttpError } from "../http/errors.js";
import { type ContentAuthor, ContentChangeError } from "./content-core.js";

// What every content route reads from a request, and how a refused change is answered.

/** The signed-in person a publish, schedule or restore is recorded under (decision 033). */
export const authorOf = (request: FastifyRequest): ContentAuthor | undefined =>
  request.staff ? { id: request.staff.id, name: request.staff.name } : undefined;

/** The version of the entry the request was made from (stale saves are refused). */
export const versionField = z.int({ error: "version must be a whole number" }).min(1, {
  error: "version must be a whole number of at least 1",
});

export interface ContentParams {
  /** The collection named in the path; 404 when there is none of that name. */
  collectionFrom(params: unknown): CollectionDefinition;
  /** The same, for a list's operations: 405 (with `allow`) for a single-entry collection. */
  listFrom(params: unknown, allow: string): CollectionDefinition;
  /** The entry id in the path (a UUID); 404 when it cannot be one. */
  idFrom(params: unknown): string;
}

export function contentParams(collections: readonly CollectionDefinition[]): ContentParams {
  const byName = new Map(collections.map((definition) => [definition.name, definition]));
  const collectionFrom = (params: unknown): CollectionDefinition => {
    const name = (params as { collection?: unknown }).collection;
    const definition =
      typeof name === "string" && isCollectionName(name) ? byName.get(name) : undefined;
    if (!definition) throw new HttpError(404, "not_found", "No such content collection");
    return definition;
  };
  return {
    collectionFrom,
    listFrom(params, allow) {
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
    },
    idFrom(params) {
      const id = (params as { id?: unknown }).id;
      if (typeof id !== "string" || !ENTRY_ID.test(id)) {
        throw new HttpError(404, "not_found", "Entry not found");
      }
      return id;
    },
  };
}

/**
 * Runs a change; a refused one answers 404, or 409 with the entry as it stands. A draft that
 * would break a rule across its list (two courses with one number) is bad input: 400.
 */
export async function change<T>(
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
