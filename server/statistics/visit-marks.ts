import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Goal } from "../../common/statistics.js";

/**
 * What an answer counts as in the statistics, set by the handler that knows (a public page, the
 * 404 screen, a goal reached) and read after the answer is sent (statistics-plugin.ts). A
 * request without a mark is never counted: the API, staff pages, files and feeds set none.
 */
export type VisitMark =
  | { kind: "page"; path: string; name?: string }
  | { kind: "missing" }
  | { kind: "goal"; goal: Goal };

declare module "fastify" {
  interface FastifyRequest {
    /** What this answer counts as in the statistics (visit-marks.ts); null: nothing. */
    countAs: VisitMark | null;
  }
}

/** Gives every request its (empty) mark; once, before any route that marks. */
export function registerVisitMarks(app: FastifyInstance): void {
  app.decorateRequest("countAs", null);
}

export function markVisit(request: FastifyRequest, mark: VisitMark | null): void {
  request.countAs = mark;
}
