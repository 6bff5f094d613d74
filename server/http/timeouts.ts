import type { ServerOptions } from "node:http";
import type { FastifyInstance } from "fastify";

/**
 * How long a client may take (docs/decisions/026). Fastify sets no limit by default, so a client
 * that sends half its body, or its headers a line at a time, held a connection for good.
 */
export interface RequestTimeouts {
  /** The request line and every header must arrive within this (Node's `headersTimeout`). */
  readonly headersMs: number;
  /** A request body must arrive within this, counted from its headers. */
  readonly bodyMs: number;
  /** The same for image uploads (multipart bodies, only POST /api/media takes them). */
  readonly uploadBodyMs: number;
  /** An idle kept-alive connection is closed after this. */
  readonly keepAliveMs: number;
  /** A connection with no traffic either way is closed after this (Fastify's `connectionTimeout`). */
  readonly idleMs: number;
  /** How often Node checks the header and request deadlines (its `connectionsCheckingInterval`). */
  readonly checkIntervalMs: number;
}

export const REQUEST_TIMEOUTS: RequestTimeouts = {
  headersMs: 15_000,
  bodyMs: 30_000,
  // 20 MiB at 1 Mbit/s takes about 170 s.
  uploadBodyMs: 300_000,
  // Longer than the usual proxy and load-balancer idle time (60 s), so they close first and
  // never send a request on a connection the server is closing (Fastify's default).
  keepAliveMs: 72_000,
  // Longer than the longest handler (an image being processed, a mail send): nothing is cut off
  // that is still working, and a silent connection still goes within two minutes.
  idleMs: 120_000,
  checkIntervalMs: 5_000,
};

/** Fastify's options for these timeouts (Node's request deadline is the upload allowance). */
export function timeoutOptions(timeouts: RequestTimeouts): {
  requestTimeout: number;
  connectionTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
} {
  return {
    requestTimeout: timeouts.uploadBodyMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.uploadBodyMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
  };
}

/**
 * Closes the connection of a request whose body has not fully arrived `bodyMs` after its headers
 * (`uploadBodyMs` for multipart uploads). Node's own request deadline is one value for every
 * route, so it is set to the longer upload allowance and this hook holds every other body to the
 * shorter one. A handler that is still working on a body it has is never cut off.
 */
export function registerBodyDeadline(app: FastifyInstance, timeouts: RequestTimeouts): void {
  app.addHook("onRequest", (request, reply, done) => {
    const raw = request.raw;
    const length = request.headers["content-length"];
    const hasBody =
      request.headers["transfer-encoding"] !== undefined ||
      (length !== undefined && length !== "0");
    if (!hasBody || raw.complete) return done();
    const upload = (request.headers["content-type"] ?? "").startsWith("multipart/");
    const timer = setTimeout(
      () => {
        // Answered already (a refusal that did not read the body): nothing to cut off. Injected
        // requests (tests) have no socket to close.
        if (!raw.complete && !reply.sent) raw.socket?.destroy?.();
      },
      upload ? timeouts.uploadBodyMs : timeouts.bodyMs,
    );
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once("end", clear);
    raw.once("close", clear);
    done();
  });
}
