import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

/**
 * One access-log line per request, written when the answer is complete: Fastify's own pair
 * ("incoming request" and "request completed") doubled the logging cost of every request.
 * The line carries `req` and `res`, so the logger's serializers decide what of them is written
 * (by default method, url, host and remote address; status code) plus `responseTime` in ms.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}
