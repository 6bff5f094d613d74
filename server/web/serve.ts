import type { FastifyReply, FastifyRequest } from "fastify";
import type { EncodingNegotiator } from "./accept-encoding.js";
import { ifNoneMatchMatches, ifRangeAllows, parseRange } from "./conditional.js";
import { type StaticEntry, representation } from "./static-entries.js";

/** Answers a GET or HEAD for an in-memory file: coding, 304, single ranges, then the body. */
export function serve(
  entry: StaticEntry,
  negotiator: EncodingNegotiator,
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode = 200,
): void {
  const headers = request.headers;
  // Node joins repeated Accept-Encoding lines into one string.
  const acceptEncoding = headers["accept-encoding"] as string | undefined;
  const chosen = representation(entry, negotiator.choose(acceptEncoding, entry.available));

  const ifNoneMatch = headers["if-none-match"];
  if (
    ifNoneMatch !== undefined &&
    chosen.etag !== "" &&
    ifNoneMatchMatches(ifNoneMatch, chosen.etag)
  ) {
    reply.code(304).headers(chosen.notModifiedHeaders).send();
    return;
  }

  const range = headers.range;
  if (
    range !== undefined &&
    entry.ranges &&
    chosen.encoding === "identity" &&
    ifRangeAllows(headers["if-range"] as string | undefined, chosen.etag)
  ) {
    const size = chosen.body.length;
    const result = parseRange(range, size);
    if (result.kind === "unsatisfiable") {
      reply
        .code(416)
        .headers({ "content-range": `bytes */${size}`, "cache-control": "no-cache" })
        .send();
      return;
    }
    if (result.kind === "partial") {
      const { start, end } = result;
      reply
        .code(206)
        .headers(chosen.headers)
        .headers({
          "content-range": `bytes ${start}-${end}/${size}`,
          "content-length": String(end - start + 1),
        });
      if (request.method === "HEAD") reply.send();
      else reply.send(chosen.body.subarray(start, end + 1));
      return;
    }
  }

  reply.code(statusCode).headers(chosen.headers);
  if (request.method === "HEAD") reply.send();
  else reply.send(chosen.body);
}
