import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import {
  can,
  FORBIDDEN_MESSAGES,
  type Access,
  type Permission,
} from "../../common/staff-access.js";
import { FACTOR_OVERDUE_CODE, FACTOR_OVERDUE_MESSAGE } from "../../common/second-factors.js";
import { HttpError } from "../http/errors.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Every /api route with its access, filled in once the app is ready (the role × route test). */
    routeAccess: readonly DeclaredRoute[];
  }
  interface FastifyContextConfig {
    /** Who may call this route (common/staff-access.ts); every /api route says. */
    access?: Access;
    /**
     * Open to a signed-in person whose required second factor is overdue (decision 032): the
     * session itself and enrolling a factor. Every other staff route answers 403 until then.
     */
    enrolment?: boolean;
  }
}

/** A route as the access table lists it: "GET /api/media". */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access | undefined;
  /** Whether a successful call is noted in the audit log (`config.audit`). */
  audited: boolean;
}

/** The one 403 every staff route answers for a role without the permission. */
export function forbidden(permission: Permission): HttpError {
  return new HttpError(403, "forbidden", FORBIDDEN_MESSAGES[permission]);
}

/** Throws the 403 unless the signed-in person's role has `permission` (checks inside a handler). */
export function requirePermission(request: FastifyRequest, permission: Permission): void {
  if (!request.staff || !can(request.staff.role, permission)) throw forbidden(permission);
}

/**
 * Every route of `scope` that does not say otherwise needs `access` (a scope of staff routes
 * says it once; a route that needs more sets `config.access` itself).
 */
export function defaultAccess(scope: FastifyInstance, access: Access): void {
  scope.addHook("onRoute", (route) => {
    route.config = { ...route.config, access: route.config?.access ?? access };
  });
}

/**
 * Access control for every /api route, in one place (decision 028): a route's `config.access`
 * decides; the signed-in person comes from `authenticate` (401), the role from the session
 * (403). Runs on request, before a body is read. A /api route that declares nothing stops the
 * start, so a new route cannot be forgotten. Returns the routes as declared (the role × route
 * test walks them).
 */
export function registerAccessControl(
  app: FastifyInstance,
  authenticate: (request: FastifyRequest) => Promise<void>,
): readonly DeclaredRoute[] {
  const routes: RouteOptions[] = [];
  // Root hooks run before a scope's own (defaultAccess), so the check waits for onReady, when
  // every hook has had its say on the same route objects.
  app.addHook("onRoute", (route) => {
    if (route.url.startsWith("/api/")) routes.push(route);
  });
  const declared: DeclaredRoute[] = [];
  app.addHook("onReady", async () => {
    const missing: string[] = [];
    for (const route of routes) {
      const access = route.config?.access;
      for (const method of [route.method].flat()) {
        declared.push({
          method,
          url: route.url,
          access,
          audited: route.config?.audit !== undefined,
        });
        if (access === undefined) missing.push(`${method} ${route.url}`);
      }
    }
    if (missing.length > 0) {
      throw new Error(
        `These /api routes declare no access (config.access, common/staff-access.ts): ${missing.join(", ")}`,
      );
    }
  });

  // A callback hook: public routes and pages leave at once.
  app.addHook("onRequest", (request, _reply, done) => {
    const access = request.is404 ? undefined : request.routeOptions.config?.access;
    if (access === undefined || access === "public") return done();
    authenticate(request)
      .then(() => {
        if (request.factorOverdue && request.routeOptions.config.enrolment !== true) {
          throw new HttpError(403, FACTOR_OVERDUE_CODE, FACTOR_OVERDUE_MESSAGE);
        }
        if (access !== "signed-in") requirePermission(request, access);
      })
      .then(() => done(), done);
  });
  return declared;
}
