import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from "fastify";
import type { AuditAction, AuditEntry } from "../../common/audit.js";
import { auditQuerySchema } from "../../common/audit-schemas.js";
import { parseInput } from "../http/errors.js";
import { csvAttachment } from "../shared/csv.js";
import { isoAt } from "../db/time.js";
import type { AuditRepository, NewAuditEntry } from "./audit-repository.js";

/** What a function spec may say: the action, and what it touched when the parameters do not. */
export type AuditNote = AuditAction | { action: AuditAction; target?: string; detail?: string };

/** A route's audit action, or a function choosing it from the answer (null: nothing to note). */
export type AuditSpec =
  AuditAction | ((request: FastifyRequest, reply: FastifyReply) => AuditNote | null);

declare module "fastify" {
  interface FastifyContextConfig {
    /** Noted in the audit log after a successful answer (server/audit/audit-plugin.ts). */
    audit?: AuditSpec;
  }
  interface FastifyInstance {
    /**
     * Notes an entry made by this request: the signed-in person (unless `actor` names who
     * tried) and the client address come from the request.
     */
    audit(request: FastifyRequest, entry: Omit<NewAuditEntry, "clientAddress">): Promise<void>;
  }
}

/** What a request touched: its route's parameters ("about/about-1"), or the id it created. */
function targetOf(request: FastifyRequest, payload: unknown): string | null {
  const params = Object.values((request.params ?? {}) as Record<string, string>);
  const hasId = "id" in ((request.params ?? {}) as object);
  if (!hasId && typeof payload === "string" && payload.startsWith("{")) {
    try {
      const created = (JSON.parse(payload) as { id?: unknown }).id;
      if (typeof created === "string" || typeof created === "number") params.push(String(created));
    } catch {
      // Not JSON after all: the parameters say enough.
    }
  }
  return params.length > 0 ? params.join("/") : null;
}

/**
 * The audit log (decision 028): `app.audit(request, entry)` for what a handler notes itself
 * (sign-ins, accounts), and every route with `config.audit` noted after a successful answer,
 * before it is sent. A failure to note is logged and does not undo what was done.
 */
export function registerAuditLog(app: FastifyInstance, repository: AuditRepository): void {
  app.decorate(
    "audit",
    async (request: FastifyRequest, entry: Omit<NewAuditEntry, "clientAddress">) => {
      await repository.record({
        accountId: request.staff?.id ?? null,
        actor: request.staff?.email ?? null,
        ...entry,
        clientAddress: request.ip,
      });
    },
  );
  // On the routes that declare `config.audit` only: every other answer (pages, the public API)
  // skips an async hook per request.
  const noteAnswer: onSendHookHandler = async (request, reply, payload) => {
    const spec = request.routeOptions.config?.audit;
    if (spec === undefined || reply.statusCode >= 400) return payload;
    const note = typeof spec === "function" ? spec(request, reply) : spec;
    if (note === null) return payload;
    const entry = typeof note === "string" ? { action: note } : note;
    try {
      await app.audit(request, { target: targetOf(request, payload), ...entry });
    } catch (error) {
      request.log.error({ err: error, action: entry.action }, "audit: could not note an entry");
    }
    return payload;
  };
  app.addHook("onRoute", (route) => {
    if (route.config?.audit === undefined) return;
    route.onSend = [...[route.onSend ?? []].flat(), noteAnswer];
  });
}

const CSV_HEADER = ["at", "actor", "action", "target", "detail", "client_address"] as const;
const csvRow = (entry: AuditEntry) => [
  entry.at,
  entry.actor,
  entry.action,
  entry.target,
  entry.detail,
  entry.clientAddress,
];

/** `GET /api/audit` (paged, newest first, filtered) and its CSV export: owner and administrators. */
export function registerAuditRoutes(
  app: FastifyInstance,
  repository: AuditRepository,
  clock: () => number,
): void {
  const noStore = (reply: FastifyReply) => reply.header("Cache-Control", "no-store");
  app.get("/api/audit", { config: { access: "audit" } }, async (request, reply) => {
    noStore(reply);
    return repository.list(parseInput(auditQuerySchema, request.query));
  });
  app.get(
    "/api/audit.csv",
    { config: { access: "audit", audit: "audit.export" } },
    async (request, reply) => {
      const { action, actor } = parseInput(auditQuerySchema, request.query);
      return noStore(reply)
        .type("text/csv; charset=utf-8")
        .header(
          "Content-Disposition",
          `attachment; filename="audit-log-${isoAt(clock()).slice(0, 10)}.csv"`,
        )
        .send(csvAttachment(CSV_HEADER, repository.each({ action, actor }), csvRow));
    },
  );
}
