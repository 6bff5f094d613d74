import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { describeDevice } from "../../common/device.js";
import type { OwnSession } from "../../common/account-sessions-schemas.js";
import { clearSessionCookie, readSessionToken } from "../auth/session-cookie.js";
import type { SessionStore, SessionSummary } from "../auth/session-store.js";
import { HttpError } from "../http/errors.js";

const idParams = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) });
/** What a request ended, for its audit entry (set by the handler): a device, or a count. */
const ended = new WeakMap<FastifyRequest, string>();

const ownSession = (session: SessionSummary): OwnSession => ({
  id: session.id,
  device: describeDevice(session.userAgent),
  clientAddress: session.clientAddress,
  createdAt: session.createdAt,
  lastSeenAt: session.lastSeenAt,
  current: session.current,
});

/**
 * Each person's own sessions (docs/product.md 5.0, decision 033): listed with the device in
 * words, ended one by one, all but this one, or all (`DELETE /api/account/sessions`, in
 * account-routes.ts). Sessions live in the database, so an ended one is refused at its next
 * request on every instance.
 */
export function registerSessionRoutes(
  app: FastifyInstance,
  options: { sessions: SessionStore; publicOrigin: string | undefined },
): void {
  const { sessions, publicOrigin } = options;
  app.register(async (scope) => {
    scope.addHook("onSend", async (_request, reply) => {
      void reply.header("Cache-Control", "no-store");
    });

    scope.get("/api/account/sessions", { config: { access: "signed-in" } }, async (request) => {
      const current = readSessionToken(request, publicOrigin);
      return (await sessions.listOf(request.staff!.id, current)).map(ownSession);
    });

    scope.delete(
      "/api/account/sessions/:id",
      {
        config: {
          access: "signed-in",
          audit: (request) => ({ action: "session.end", detail: ended.get(request) ?? "" }),
        },
      },
      async (request, reply) => {
        const parsed = idParams.safeParse(request.params);
        const current = readSessionToken(request, publicOrigin);
        const mine = parsed.success ? await sessions.listOf(request.staff!.id, current) : [];
        const session = mine.find((candidate) => candidate.id === parsed.data?.id);
        // Someone else's session is as unknown as one that never was.
        if (!session || !(await sessions.destroyById(request.staff!.id, session.id))) {
          throw new HttpError(404, "not_found", "That session has already ended");
        }
        ended.set(request, describeDevice(session.userAgent));
        // Ending this device's own session is signing out here.
        if (session.current) clearSessionCookie(request, reply, publicOrigin);
        return reply.code(204).send();
      },
    );

    scope.post(
      "/api/account/sessions/end-others",
      {
        config: {
          access: "signed-in",
          audit: (request) => ({
            action: "sessions.end-others",
            detail: ended.get(request) ?? "",
          }),
        },
      },
      async (request) => {
        const current = readSessionToken(request, publicOrigin);
        const others = (await sessions.listOf(request.staff!.id, current)).filter(
          (session) => !session.current,
        );
        await sessions.destroyAllOf(request.staff!.id, current);
        ended.set(request, `${others.length} ended`);
        return { ended: others.length };
      },
    );
  });
}
