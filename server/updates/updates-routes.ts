import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { FEATURED_LIMIT_DEFAULT } from "../../common/updates.js";
import {
  createUpdateSchema,
  featuredQuerySchema,
  patchUpdateSchema,
} from "../../common/updates-schemas.js";
import { HttpError, parseInput } from "../http/errors.js";
import { EncodingNegotiator } from "../web/accept-encoding.js";
import type { FrontDoor } from "../web/front-door.js";
import { serve } from "../web/serve.js";
import type { CachedList, FeaturedCache } from "./featured-cache.js";
import type { UpdatesRepository } from "./updates-repository.js";
import { can } from "../../common/staff-access.js";
import { defaultAccess, requirePermission } from "../accounts/access.js";

const idParams = z.object({ id: z.uuid({ error: "Update not found" }) });

function isEmpty(query: unknown): boolean {
  for (const _key in query as object) return false;
  return true;
}

function parseId(params: unknown): string {
  const result = idParams.safeParse(params);
  if (!result.success) throw new HttpError(404, "not_found", "Update not found");
  return result.data.id;
}

export function registerUpdatesRoutes(
  app: FastifyInstance,
  repository: UpdatesRepository,
  cache: FeaturedCache,
  frontDoor?: Pick<FrontDoor<never>, "add">,
): void {
  // Compressed by Accept-Encoding from copies made once per list, as nginx serves a
  // precompressed file (docs/decisions/043), with a 304 for a validator it sent.
  const negotiator = new EncodingNegotiator();
  const sendFeatured = (request: FastifyRequest, reply: FastifyReply, list: CachedList) => {
    serve(list.answer(), negotiator, request, reply);
  };

  // The public hot path: no await and no validation when the answer is cached for the default
  // limit, which is what every page asks for.
  app.get("/api/updates/featured", { config: { access: "public" } }, (request, reply) => {
    const limit = isEmpty(request.query)
      ? FEATURED_LIMIT_DEFAULT
      : parseInput(featuredQuerySchema, request.query).limit;
    const cached = cache.get(limit);
    if (cached) {
      sendFeatured(request, reply, cached);
      return;
    }
    return repository
      .listFeatured(limit)
      .then((list) => sendFeatured(request, reply, cache.set(limit, list)));
  });

  // The same cached answer at the front door, before Fastify (decision 056); counted as nothing.
  frontDoor?.add("/api/updates/featured", {
    entry: () => cache.get(FEATURED_LIMIT_DEFAULT)?.answer(),
    mark: null,
  });

  app.register(async (admin) => {
    defaultAccess(admin, "drafts");
    admin.addHook("onSend", async (_request, reply) => {
      void reply.header("Cache-Control", "no-store");
    });

    admin.get("/api/updates", async () => repository.listAll());

    admin.post("/api/updates", { config: { audit: "update.create" } }, async (request, reply) => {
      const input = parseInput(createUpdateSchema, request.body);
      if (input.status === "published") requirePermission(request, "publishing");
      const created = await repository.create(input);
      cache.clear();
      return reply.code(201).send(created);
    });

    admin.patch("/api/updates/:id", { config: { audit: "update.change" } }, async (request) => {
      const id = parseId(request.params);
      const patch = parseInput(patchUpdateSchema, request.body);
      if (Object.keys(patch).length === 0) {
        throw new HttpError(400, "invalid_input", "Send at least one field to change");
      }
      // A contributor changes drafts only, and cannot publish one.
      if (patch.status === "published") requirePermission(request, "publishing");
      if (!can(request.staff!.role, "publishing")) {
        const current = (await repository.listAll()).find((update) => update.id === id);
        if (current?.status === "published") requirePermission(request, "publishing");
      }
      const updated = await repository.patch(id, patch);
      if (!updated) throw new HttpError(404, "not_found", "Update not found");
      cache.clear();
      return updated;
    });

    admin.delete(
      "/api/updates/:id",
      { config: { access: "publishing", audit: "update.delete" } },
      async (request, reply) => {
        const id = parseId(request.params);
        if (!(await repository.remove(id)))
          throw new HttpError(404, "not_found", "Update not found");
        cache.clear();
        return reply.code(204).send();
      },
    );
  });
}
