import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { messageListQuerySchema, messagePatchSchema } from "../../common/contact-schemas.js";
import { HttpError, parseInput } from "../http/errors.js";
import type { ContactRepository } from "./contact-repository.js";
import { defaultAccess } from "../accounts/access.js";

const idParams = z.object({ id: z.uuid() });

function parseId(params: unknown): string {
  const result = idParams.safeParse(params);
  if (!result.success) throw new HttpError(404, "not_found", "Message not found");
  return result.data.id;
}

/** The staff inbox: admin session required, never cached, writes Origin-checked (app-wide). */
export function registerContactAdminRoutes(
  app: FastifyInstance,
  repository: ContactRepository,
  onDue?: () => void,
): void {
  app.register(async (admin) => {
    defaultAccess(admin, "messages");
    admin.addHook("onSend", async (_request, reply) => {
      void reply.header("Cache-Control", "no-store");
    });

    admin.get("/api/admin/messages", async (request) => {
      const { limit, before } = parseInput(messageListQuerySchema, request.query);
      return repository.list({ limit, ...(before ? { before } : {}) });
    });

    admin.post(
      "/api/admin/messages/:id/retry",
      { config: { audit: "message.retry" } },
      async (request) => {
        const id = parseId(request.params);
        const result = await repository.retryNow(id);
        switch (result.outcome) {
          case "not_found":
            throw new HttpError(404, "not_found", "Message not found");
          case "already_sent":
            throw new HttpError(409, "already_sent", "This message has already been delivered");
          case "spam":
            throw new HttpError(
              409,
              "marked_as_spam",
              "This message is marked as spam; unmark it first",
            );
          default:
            onDue?.();
            return result.record;
        }
      },
    );

    admin.patch(
      "/api/admin/messages/:id",
      { config: { audit: "message.spam" } },
      async (request) => {
        const id = parseId(request.params);
        const { spam } = parseInput(messagePatchSchema, request.body);
        const record = await repository.setSpam(id, spam);
        if (!record) throw new HttpError(404, "not_found", "Message not found");
        if (!spam) onDue?.();
        return record;
      },
    );
  });
}
