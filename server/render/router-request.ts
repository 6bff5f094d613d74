/**
 * The adapter between a Fastify request and React Router's request handler. A page is rendered
 * from its path alone, never from what the client sent: the Request React Router sees is built
 * here with the site's public origin, no query (but the single-fetch `_routes` list) and no
 * headers, so one rendering serves every visitor, and no `Host`, `X-Forwarded-Host`, cookie or
 * user agent can change what is cached (docs/decisions/016).
 */
import type { ServerBuild } from "react-router";

/** What to render. */
export interface RenderTarget {
  /** The route's path, e.g. "/about-desktop" or "/" (no query, no trailing slash). */
  readonly path: string;
  /** A single-fetch data request (client-side navigation) instead of the HTML document. */
  readonly data: boolean;
  /** For data requests: the route ids the client asked for (checked by `routesParam`). */
  readonly routes?: string;
  /** A query the server itself checked (`?page=2` of /updates), never the client's text. */
  readonly search?: string;
}

/** The URL React Router's client fetches a page's loader data from: `/x.data`, `/_.data`. */
export function dataPathOf(path: string): string {
  return path === "/" ? "/_.data" : `${path}.data`;
}

/** The Request React Router renders `target` from, at `origin` (e.g. `https://www.example.org`). */
export function routerRequest(origin: string, target: RenderTarget): Request {
  const url = new URL(target.data ? dataPathOf(target.path) : target.path, origin);
  if (target.search) url.search = target.search;
  if (target.data && target.routes) url.searchParams.set("_routes", target.routes);
  return new Request(url, { method: "GET" });
}

/** A route the site serves: one path of the server build's route table. */
export interface SiteRoute {
  readonly path: string;
  /** A resource route (no component: the event's .ics) or a page. */
  readonly resource: boolean;
  /** The ids of the routes it matches, from the root down. */
  readonly routeIds: readonly string[];
  /**
   * A public path with parameters (/events/:slug): answered only for the values the published
   * content has (server/render/published-params.ts).
   */
  readonly parameters?: boolean;
}

/**
 * Every path of the server build's route table (app/route-paths.ts), from the leaf routes:
 * parents' segments joined, index routes at their parent's path. Splats would not be a bounded
 * set of paths and are left out; public paths with parameters are marked `parameters`.
 */
export function siteRoutes(build: Pick<ServerBuild, "routes">): SiteRoute[] {
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const parents = new Set(routes.map((route) => route.parentId));
  const found: SiteRoute[] = [];
  for (const leaf of routes) {
    if (parents.has(leaf.id)) continue;
    const chain = [leaf];
    for (let parentId = leaf.parentId; parentId;) {
      const parent = build.routes[parentId];
      if (!parent) break;
      chain.unshift(parent);
      parentId = parent.parentId;
    }
    const segments = chain.map((route) => route.path ?? "").filter((segment) => segment !== "");
    const path = `/${segments.join("/")}`.replace(/\/+/g, "/").replace(/(.)\/$/, "$1");
    // Staff addresses with parameters (the content editors) are the same client-only shell
    // whatever the parameters: they render one fixed address of their pattern, so arbitrary
    // values never grow the cache. Public ones (an event's page) exist for published values only.
    if (path.includes("*")) continue;
    const parameters = path.includes(":") && !/^\/admin\//.test(path);
    const module = leaf.module as { default?: unknown; ErrorBoundary?: unknown };
    found.push({
      path,
      resource: module.default == null && module.ErrorBoundary == null,
      routeIds: chain.map((route) => route.id),
      ...(parameters ? { parameters } : {}),
    });
  }
  return found.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/**
 * The `_routes` list of a single-fetch request, reduced to ids of the routes `route` matches, in
 * their order; undefined when it names all of them or none (then every loader runs). Anything
 * else a client writes there is dropped, so the data requests of one path have at most one
 * cached answer per subset of its two or three routes.
 */
export function routesParam(route: SiteRoute, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const asked = new Set(value.split(","));
  const kept = route.routeIds.filter((id) => asked.has(id));
  return kept.length === 0 || kept.length === route.routeIds.length ? undefined : kept.join(",");
}
