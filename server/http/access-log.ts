import { LogController, type FastifyReply, type FastifyRequest } from "fastify";
import pino from "pino";
import { logSerializers } from "./request-log.js";

/** What of a pino logger the fast line uses (absent from Fastify's logger when logging is off). */
interface PinoInternals {
  [key: symbol]: unknown;
  isLevelEnabled?: (level: string) => boolean;
}

/**
 * One access-log line per request, written when the answer is complete: Fastify's own pair
 * ("incoming request" and "request completed") doubled the logging cost of every request.
 * The line carries `req` (method, url with secrets redacted, host, client address and port, by
 * `logSerializers`), `res` (status code) and `responseTime` in ms.
 *
 * The line of an answered request is written in pino's own format (level, time, the request
 * logger's bindings: pid, hostname, reqId) by one JSON.stringify and handed to the logger's
 * stream: pino's general path (a serializer lookup and a stringify per key) was about a sixth
 * of the CPU of a cached page (decision 039). A logger without those internals (tests, no
 * logger) and every error go through pino. The logger of `main.ts` has no redaction or
 * formatters that this line would skip.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (
      !error &&
      writeFastLine(
        reply.log,
        "",
        JSON.stringify(logSerializers.req(request)),
        reply.statusCode,
        reply.elapsedTime,
      )
    ) {
      return;
    }
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}

/**
 * Writes one answered request's line: `req` is the JSON of `logSerializers.req`'s fields;
 * `reqId`, when given (a safe `req-…` id), is added to the logger's bindings.
 */
export type AccessLineWriter = (
  reqId: string,
  req: string,
  statusCode: number,
  responseTime: number,
) => void;

/**
 * The fast line's writer for `logger` (the root logger, with `reqId` for answers made before
 * Fastify, web/front-door.ts); undefined when the logger is not pino's own.
 */
export function fastLineWriter(logger: unknown): AccessLineWriter | undefined {
  if (!hasFastLine(logger)) return undefined;
  return (reqId, req, statusCode, responseTime) => {
    writeFastLine(logger, reqId, req, statusCode, responseTime);
  };
}

function hasFastLine(logger: unknown): boolean {
  const log = logger as PinoInternals | undefined;
  const stream = log?.[pino.symbols.streamSym] as { write?: unknown } | undefined;
  return (
    typeof log?.[pino.symbols.chindingsSym] === "string" && typeof stream?.write === "function"
  );
}

/**
 * Writes one answered request's line through `logger` (a request's logger, or the root logger
 * with `reqId`); false, writing nothing, when the logger is not pino's own. The response time is
 * kept to the microsecond: the digits after it were a twentieth of the line.
 */
function writeFastLine(
  logger: unknown,
  reqId: string,
  req: string,
  statusCode: number,
  responseTime: number,
): boolean {
  const log = logger as PinoInternals | undefined;
  const bindings = log?.[pino.symbols.chindingsSym];
  const stream = log?.[pino.symbols.streamSym] as { write?: (line: string) => void } | undefined;
  if (typeof bindings !== "string" || typeof stream?.write !== "function") return false;
  if (log!.isLevelEnabled?.("info") === false) return true;
  const id = reqId === "" ? "" : `,"reqId":"${reqId}"`;
  stream.write(
    `{"level":30,"time":${Date.now()}${bindings}${id},"req":${req},"res":{"statusCode":${statusCode}},"responseTime":${Math.round(responseTime * 1000) / 1000},"msg":"request completed"}\n`,
  );
  return true;
}
