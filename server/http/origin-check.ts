import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "./errors.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set on server-to-server endpoints (webhooks) that authenticate another way. */
    skipOriginCheck?: boolean;
  }
}

/** The origin this request was addressed to, from PUBLIC_ORIGIN or else the Host header. */
export function expectedOrigin(request: FastifyRequest, publicOrigin: string | undefined): string {
  if (publicOrigin) return publicOrigin;
  try {
    // URL drops a default port, as browsers do in the Origin header.
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return "null";
  }
}

/**
 * Refuses unsafe requests whose Origin is not the site's own (cross-site request forgery).
 * Browsers send Origin on every POST, PATCH and DELETE, so a missing one is refused too.
 *
 * Decided by the route the request reached, never by the raw URL: the router decodes the path,
 * so `/%61pi/contact` reaches the `/api/contact` handler while not starting with `/api/`. Every
 * route that takes an unsafe method is checked (all are under /api); an unmatched request
 * reaches no handler and is answered 404.
 */
export function registerOriginCheck(app: FastifyInstance, publicOrigin: string | undefined): void {
  // A callback hook, not an async one: it runs on every request, and GETs leave at once.
  app.addHook("onRequest", (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || request.is404) return done();
    if (request.routeOptions.config?.skipOriginCheck) return done();
    const origin = request.headers.origin;
    if (origin !== expectedOrigin(request, publicOrigin)) {
      done(
        new HttpError(
          403,
          "cross_site_request",
          origin ? "Cross-site request refused" : "Missing Origin header; request refused",
        ),
      );
      return;
    }
    done();
  });
}
