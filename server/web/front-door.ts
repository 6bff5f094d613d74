import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { performance } from "node:perf_hooks";
import type { AccessLineWriter } from "../http/access-log.js";
import type { createClientResolver } from "../http/client-address.js";
import { requestLogFields } from "../http/request-log.js";
import { EncodingNegotiator } from "./accept-encoding.js";
import { ifNoneMatchMatches } from "./conditional.js";
import { type Representation, type StaticEntry, representation } from "./static-entries.js";

/*
 * The front door (docs/decisions/056): most requests are a visitor's GET of a public page or of
 * the featured list, answered from memory. The node:http server hands every request here first;
 * one that is exactly such a request is answered at once, with the same bytes and headers the
 * full path sends, the same access-log line and the same counting, and never reaches Fastify's
 * request objects, router and hooks (which cost a third of such an answer). Anything else, or
 * anything in doubt, goes on to Fastify untouched: a query string, a cookie (staff), a body, a
 * host this server does not serve, a page not rendered yet, a range, another method.
 */

declare module "fastify" {
  interface FastifyInstance {
    /** The front door before this app's routes (decision 056); its count is read by tests. */
    frontDoor: Pick<FrontDoor<unknown>, "answered">;
  }
}

/** What a path answers at the front door. */
export interface FrontDoorAnswer<Mark> {
  /** The answer now, or undefined to let the full path make it (not rendered yet, expired). */
  readonly entry: () => StaticEntry | undefined;
  /** What the answer counts as in the statistics; null for nothing. */
  readonly mark: Mark | null;
}

/** An answer sent at the front door, as the statistics are told of it. */
export interface FrontDoorSent<Mark> {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly statusCode: number;
  readonly mark: Mark;
  /** The client's limit key (what Fastify's hooks make `request.ip`). */
  readonly client: string;
  readonly sessionToken: undefined;
}

export interface FrontDoorOptions {
  /** The headers every answer carries (security-headers.ts), before the answer's own. */
  readonly securityHeaders: Readonly<Record<string, string>>;
  /** The host check's verdict on a Host value (http/host-check.ts). */
  readonly hostAllowed: (host: string) => boolean;
  /** The request's client (http/client-address.ts). */
  readonly clientOf: ReturnType<typeof createClientResolver>;
  /** TRUST_PROXY's test of a socket address (Fastify's: `X-Forwarded-Host` believed from it). */
  readonly isTrustedProxy: (address: string) => boolean;
  /** The next request id (Fastify is given the same generator: ids never repeat). */
  readonly nextRequestId: () => string;
}

/** What the app gives the front door once its parts exist (the log, the counting). */
export interface FrontDoorWiring<Mark> {
  /** The access log's line writer; undefined: no line (no logger). */
  readonly writeLine?: AccessLineWriter | undefined;
  /** Counts an answer sent; undefined: statistics off. */
  readonly count?: ((sent: FrontDoorSent<Mark>) => void) | undefined;
}

export interface FrontDoor<Mark> {
  /** Registers a path (exact, without query) answered from memory when it can be. */
  add(path: string, answer: FrontDoorAnswer<Mark>): void;
  /** Sets the log and the counting (after the app's plugins are registered). */
  wire(wiring: FrontDoorWiring<Mark>): void;
  /** Stops answering (the app is closing: Fastify answers 503 from then on). */
  close(): void;
  /** Answers `request` when it is one of the front door's; false: hand it to Fastify. */
  tryAnswer(request: IncomingMessage, response: ServerResponse): boolean;
  /** Requests answered here so far (tests). */
  readonly answered: number;
}

/** Headers of an answer: the security headers, then the answer's own (which win, as in Fastify). */
function mergedHeaders(
  security: Readonly<Record<string, string>>,
  own: Readonly<Record<string, string>>,
): Record<string, string> {
  return { ...security, ...own };
}

/** The last entry of a header that may be repeated or hold a list (Fastify's `request.host`). */
function lastEntry(value: string | string[]): string {
  const text = Array.isArray(value) ? value[value.length - 1]! : value;
  const comma = text.lastIndexOf(",");
  return (comma === -1 ? text : text.slice(comma + 1)).trim();
}

export function createFrontDoor<Mark>(options: FrontDoorOptions): FrontDoor<Mark> {
  const { securityHeaders, hostAllowed, clientOf, isTrustedProxy, nextRequestId } = options;
  const paths = new Map<string, FrontDoorAnswer<Mark>>();
  const negotiator = new EncodingNegotiator();
  // A representation's full header sets, made once: answers reuse the same objects.
  const fullHeaders = new WeakMap<
    Representation,
    { ok: Record<string, string>; notModified: Record<string, string> }
  >();
  const headersOf = (chosen: Representation) => {
    let headers = fullHeaders.get(chosen);
    if (!headers) {
      headers = {
        ok: mergedHeaders(securityHeaders, chosen.headers),
        notModified: mergedHeaders(securityHeaders, chosen.notModifiedHeaders),
      };
      fullHeaders.set(chosen, headers);
    }
    return headers;
  };
  // A kept-alive connection mostly asks for the same thing again: its log fields' JSON is kept
  // while they stay the same (building it was most of the line's cost).
  const requestJson = new WeakMap<
    Socket,
    { method: string; url: string; host: string; address: string; json: string }
  >();
  const requestJsonOf = (
    socket: Socket,
    method: string,
    url: string,
    host: string,
    address: string,
  ): string => {
    const last = requestJson.get(socket);
    if (
      last !== undefined &&
      last.method === method &&
      last.url === url &&
      last.host === host &&
      last.address === address
    ) {
      return last.json;
    }
    const json = JSON.stringify(requestLogFields(method, url, host, address, socket.remotePort));
    requestJson.set(socket, { method, url, host, address, json });
    return json;
  };
  let open = true;
  let answered = 0;
  let writeLine: AccessLineWriter | undefined;
  let count: ((sent: FrontDoorSent<Mark>) => void) | undefined;

  return {
    add(path, answer) {
      paths.set(path, answer);
    },
    wire(wiring) {
      writeLine = wiring.writeLine;
      count = wiring.count;
    },
    close() {
      open = false;
    },
    get answered() {
      return answered;
    },
    tryAnswer(request, response) {
      const method = request.method;
      if ((method !== "GET" && method !== "HEAD") || !open) return false;
      const url = request.url ?? "";
      const answer = paths.get(url);
      if (answer === undefined) return false;
      const headers = request.headers;
      if (
        headers.cookie !== undefined ||
        headers.range !== undefined ||
        headers["transfer-encoding"] !== undefined ||
        (headers["content-length"] !== undefined && headers["content-length"] !== "0")
      ) {
        return false;
      }
      const sentHost = headers.host ?? "";
      if (!hostAllowed(sentHost)) return false;
      const socket = request.socket;
      const forwardedHost = headers["x-forwarded-host"];
      let host = sentHost;
      if (forwardedHost && socket.remoteAddress && isTrustedProxy(socket.remoteAddress)) {
        host = lastEntry(forwardedHost);
        if (host !== sentHost && !hostAllowed(host)) return false;
      }
      const entry = answer.entry();
      if (entry === undefined || entry.ranges) return false;

      const started = performance.now();
      const chosen = representation(
        entry,
        negotiator.choose(headers["accept-encoding"], entry.available),
      );
      const ifNoneMatch = headers["if-none-match"];
      let statusCode = 200;
      if (
        ifNoneMatch !== undefined &&
        chosen.etag !== "" &&
        ifNoneMatchMatches(ifNoneMatch, chosen.etag)
      ) {
        statusCode = 304;
        response.writeHead(304, headersOf(chosen).notModified);
        response.end();
      } else {
        response.writeHead(200, headersOf(chosen).ok);
        response.end(method === "HEAD" ? undefined : chosen.body);
      }
      answered += 1;

      const client = clientOf(socket, headers["x-forwarded-for"]);
      if (answer.mark !== null && count) {
        count({
          method,
          url,
          headers,
          statusCode,
          mark: answer.mark,
          client: client.key,
          sessionToken: undefined,
        });
      }
      if (writeLine) {
        writeLine(
          nextRequestId(),
          requestJsonOf(socket, method, url, host, client.address),
          statusCode,
          performance.now() - started,
        );
      }
      return true;
    },
  };
}

/** Request ids as Fastify makes them (`req-1`, `req-2`, … in base 36), shared with it. */
export function createRequestIds(): () => string {
  // The largest small integer, as Fastify's own generator: it wraps there instead of slowing down.
  const maxInt = 2147483647;
  let next = 0;
  return () => {
    next = (next + 1) & maxInt;
    return `req-${next.toString(36)}`;
  };
}
