import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { createRedirectSchema } from "../../common/redirect-schemas.js";
import { HttpError, parseInput } from "../http/errors.js";
import type { RedirectLookup } from "./redirect-lookup.js";
import { isReservedPath, normaliseFromPath, pathOfTarget, siteTarget } from "./redirect-paths.js";
import type { RedirectRepository } from "./redirect-repository.js";

const idParams = z.object({ id: z.uuid() });
/** Redirect chains longer than this are not followed when looking for a loop. */
const MAX_CHAIN = 20;

function refuse(field: "from" | "to", message: string): never {
  throw new HttpError(400, "invalid_input", message, { [field]: message });
}

/**
 * GET, POST and DELETE /api/redirects (docs/product.md 5.8): owner, administrators and editors (the
 * `publishing` permission: a redirect changes what the public site answers). Each change is in
 * the audit log, and this instance's copy of the redirects is dropped at once.
 */
export function registerRedirectRoutes(
  app: FastifyInstance,
  options: { repository: RedirectRepository; lookup: RedirectLookup; publicOrigin?: string },
): void {
  const { repository, lookup } = options;

  /** Whether the site answers `path` with something other than its 404 (a live page, a file). */
  const isLive = async (path: string) =>
    (await app.inject({ method: "HEAD", url: path })).statusCode !== 404;

  app.register(async (scope) => {
    scope.addHook("onSend", async (_request, reply) => {
      void reply.header("Cache-Control", "no-store");
    });
    scope.get("/api/redirects", { config: { access: "publishing" } }, async () =>
      repository.list(),
    );

    scope.post(
      "/api/redirects",
      { config: { access: "publishing", audit: "redirect.create" } },
      async (request, reply) => {
        const input = parseInput(createRedirectSchema, request.body);
        const from = normaliseFromPath(input.from);
        if (isReservedPath(from))
          refuse("from", "from must be a public address, not /api or /admin");
        const to = siteTarget(input.to, options.publicOrigin);
        if (to === undefined) {
          refuse("to", "to must be a page of this site, such as /about-desktop");
        }
        // A loop: the target is the path itself, or its redirects lead back to it.
        let next: string | undefined = pathOfTarget(to);
        const existing = new Map((await repository.list()).map((row) => [row.from, row.to]));
        for (let step = 0; next !== undefined && step < MAX_CHAIN; step += 1) {
          if (next === from) refuse("to", "to leads back to from: that would be a redirect loop");
          const target = existing.get(next);
          next = target === undefined ? undefined : pathOfTarget(target);
        }
        if (existing.has(from)) {
          throw new HttpError(409, "conflict", `${from} is already redirected`);
        }
        if (await isLive(from)) {
          refuse("from", `${from} is a live page of the site: it cannot be redirected`);
        }
        const created = await repository.create(from, to);
        if (!created) throw new HttpError(409, "conflict", `${from} is already redirected`);
        lookup.invalidate();
        return reply.code(201).send(created);
      },
    );

    scope.delete(
      "/api/redirects/:id",
      { config: { access: "publishing", audit: "redirect.delete" } },
      async (request, reply) => {
        const parsed = idParams.safeParse(request.params);
        if (!parsed.success || !(await repository.remove(parsed.data.id))) {
          throw new HttpError(404, "not_found", "Redirect not found");
        }
        lookup.invalidate();
        return reply.code(204).send();
      },
    );
  });
}
