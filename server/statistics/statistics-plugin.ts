import type { IncomingHttpHeaders } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { SessionStore } from "../auth/session-store.js";
import { readSessionToken } from "../auth/session-cookie.js";
import { runWhileOpen } from "../background-work.js";
import type { Config } from "../config.js";
import type { DatabaseHandle } from "../db/database.js";
import { createStatisticsRecorder, type StatisticsRecorder } from "./statistics-recorder.js";
import { createStatisticsRepository } from "./statistics-repository.js";
import { registerStatisticsRoutes } from "./statistics-routes.js";
import { registerVisitMarks, type VisitMark } from "./visit-marks.js";
import { isPrefetch } from "./visit-rules.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The statistics' recorder; undefined with STATISTICS=off (tests flush it). */
    statisticsRecorder: StatisticsRecorder | undefined;
  }
}

function pathOf(url: string): string {
  const mark = url.indexOf("?");
  return mark === -1 ? url : url.slice(0, mark);
}

/** An answer as the statistics see it, once it is sent. */
export interface SentAnswer {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly statusCode: number;
  readonly mark: VisitMark;
  /** The client's limit key (request.ip). */
  readonly client: string;
  readonly sessionToken: string | undefined;
}

/** Notes a sent answer with the recorder when it is one the statistics count. */
export type CountAnswer = (answer: SentAnswer) => void;

/** Whether a marked answer is one the statistics count (docs/product.md 5.7). */
function counts({ method, url, headers, statusCode, mark }: SentAnswer): boolean {
  if (method === "HEAD") return false;
  if (mark.kind === "goal") return statusCode < 400;
  if (method !== "GET") return false;
  if (statusCode !== (mark.kind === "page" ? 200 : 404)) return false;
  // Unknown staff or media addresses are not the public site's missing pages.
  if (mark.kind === "missing" && /^\/(admin|media)(\/|$)/.test(url)) return false;
  return !isPrefetch(headers["sec-purpose"], headers["purpose"]);
}

function countWith(recorder: StatisticsRecorder): CountAnswer {
  return (answer) => {
    if (!counts(answer)) return;
    const { mark, headers } = answer;
    // The headers are noted as sent; what they mean is worked out when the counts are written,
    // once per batch.
    recorder.note({
      kind: mark.kind,
      path: mark.kind === "page" ? mark.path : pathOf(answer.url),
      name: mark.kind === "page" ? mark.name : undefined,
      goal: mark.kind === "goal" ? mark.goal : undefined,
      client: answer.client,
      userAgent: headers["user-agent"],
      referer: headers.referer,
      url: answer.url,
      host: headers.host,
      sessionToken: answer.sessionToken,
    });
  };
}

/**
 * Site statistics (docs/product.md 5.7, decision 042): the marks handlers set on what they answer, and
 * with STATISTICS=on the recorder that counts the marked answers after they are sent and writes
 * them in batches, its writes for the app's life (a graceful stop writes the rest), and the
 * report routes. Returns how an answer is counted (for answers made before Fastify,
 * http/front-door.ts); undefined when off.
 */
export function registerStatistics(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: DatabaseHandle;
    sessions: SessionStore;
    clock: () => number;
    /** Test hook: the write interval. */
    intervalMs?: number;
  },
): CountAnswer | undefined {
  const { config, database, sessions, clock } = deps;
  registerVisitMarks(app);
  app.decorate("statisticsRecorder", undefined);
  const repository = createStatisticsRepository(database.db);
  registerStatisticsRoutes(app, repository);
  if (config.STATISTICS === "off") return undefined;

  const ownHosts = [
    ...(config.PUBLIC_ORIGIN ? [new URL(config.PUBLIC_ORIGIN).hostname] : []),
    ...(config.ALLOWED_HOSTS ?? []),
  ];
  const recorder = createStatisticsRecorder({
    repository,
    timeZone: config.SITE_TIME_ZONE,
    ownHosts,
    isStaffSession: async (token) => (await sessions.validate(token)) !== undefined,
    clock,
    log: app.log.child({ component: "statistics" }),
    ...(deps.intervalMs ? { intervalMs: deps.intervalMs } : {}),
  });
  // After the answer is sent: counting never delays or fails one.
  const count = countWith(recorder);
  app.addHook("onResponse", (request: FastifyRequest, reply: FastifyReply, done) => {
    const mark = request.countAs;
    if (mark !== null) {
      count({
        method: request.method,
        url: request.url,
        headers: request.headers,
        statusCode: reply.statusCode,
        mark,
        client: request.ip,
        sessionToken:
          request.headers.cookie === undefined
            ? undefined
            : readSessionToken(request, config.PUBLIC_ORIGIN),
      });
    }
    done();
  });
  runWhileOpen(app, recorder);
  app.statisticsRecorder = recorder;
  return count;
}
