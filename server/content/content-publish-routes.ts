import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { isRealDateTime } from "../../common/dates.js";
import { HttpError, fieldMessages, parseInput } from "../http/errors.js";
import { authorOf, change, versionField, type ContentParams } from "./content-route-parts.js";
import type { ContentRepository } from "./content-repository.js";
import { checkForPublish } from "./draft-checks.js";

const REVISION_NUMBER = /^[1-9][0-9]{0,8}$/;

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
const restoreBody = z.strictObject({ version: versionField.optional() });

/**
 * What goes live and what went live before: publish now or at a time, cancel a schedule, the
 * entry's revisions and a revision restored. Each needs the "publishing" role but the list.
 */
export function registerPublishRoutes(
  admin: FastifyInstance,
  options: { repository: ContentRepository; params: ContentParams; clock: () => number },
): void {
  const { repository, clock } = options;
  const { collectionFrom, idFrom } = options.params;

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
      if (draft !== undefined) await change(reply, async () => checkForPublish(definition, draft));
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
}
