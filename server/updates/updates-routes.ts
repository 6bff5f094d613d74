import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  createUpdateSchema,
  featuredQuerySchema,
  patchUpdateSchema,
} from "../../common/updates-schemas.js";
import { HttpError, parseInput } from "../http/errors.js";
import type { FeaturedCache } from "./featured-cache.js";
import type { UpdatesRepository } from "./updates-repository.js";

const idParams = z.object({ id: z.uuid({ error: "Update not found" }) });

function parseId(params: unknown): string {
  const result = idParams.safeParse(params);
  if (!result.success) throw new HttpError(404, "not_found", "Update not found");
  return result.data.id;
}

export function registerUpdatesRoutes(
  app: FastifyInstance,
  repository: UpdatesRepository,
  cache: FeaturedCache,
): void {
  app.get("/api/updates/featured", async (request, reply) => {
    const { limit } = parseInput(featuredQuerySchema, request.query);
    const cached = cache.get(limit) ?? cache.set(limit, await repository.listFeatured(limit));
    void reply.header("ETag", cached.etag).header("Cache-Control", "no-cache");
    if (request.headers["if-none-match"] === cached.etag) return reply.code(304).send();
    return reply.type("application/json; charset=utf-8").send(cached.body);
  });

  app.register(async (admin) => {
    admin.addHook("preHandler", app.requireAdmin);
    admin.addHook("onSend", async (_request, reply) => {
      void reply.header("Cache-Control", "no-store");
    });

    admin.get("/api/updates", async () => repository.listAll());

    admin.post("/api/updates", async (request, reply) => {
      const input = parseInput(createUpdateSchema, request.body);
      const created = await repository.create(input);
      cache.clear();
      return reply.code(201).send(created);
    });

    admin.patch("/api/updates/:id", async (request) => {
      const id = parseId(request.params);
      const patch = parseInput(patchUpdateSchema, request.body);
      if (Object.keys(patch).length === 0) {
        throw new HttpError(400, "invalid_input", "Send at least one field to change");
      }
      const updated = await repository.patch(id, patch);
      if (!updated) throw new HttpError(404, "not_found", "Update not found");
      cache.clear();
      return updated;
    });

    admin.delete("/api/updates/:id", async (request, reply) => {
      const id = parseId(request.params);
      if (!(await repository.remove(id))) throw new HttpError(404, "not_found", "Update not found");
      cache.clear();
      return reply.code(204).send();
    });
  });
}
