import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerBuild } from "react-router";
import type { EncodingNegotiator } from "../web/accept-encoding.js";
import { serve } from "../web/serve.js";
import { CACHE_HTML } from "../web/static-entries.js";
import {
  type ContentSource,
  type FeaturedSource,
  type FeaturedState,
  seedContentSource,
} from "./content-source.js";
import {
  type PageRenderer,
  type RenderOptions,
  type RenderedPage,
  createPageRenderer,
} from "./page-renderer.js";
import { RenderCache } from "./render-cache.js";
import {
  type RenderTarget,
  type SiteRoute,
  dataPathOf,
  routesParam,
  siteRoutes,
} from "./router-request.js";

/** The query parameter that asks for a page with the staff's drafts (`/about-desktop?preview`). */
export const PREVIEW_PARAM = "preview";

/** Rendered for every unknown path; matches no route, so React Router answers its 404 screen. */
const NOT_FOUND_PATH = "/__not-found";

const NOINDEX = { "x-robots-tag": "noindex" } as const;
const PUBLIC_ANSWER: RenderOptions = { cacheControl: CACHE_HTML };
const STAFF_SHELL: RenderOptions = { cacheControl: CACHE_HTML, extraHeaders: NOINDEX };
const NOT_FOUND_ANSWER: RenderOptions = { cacheControl: CACHE_HTML, etag: false };
/** A preview is the staff member's own: never stored by a browser, proxy or this server. */
const PREVIEW_ANSWER: RenderOptions = {
  cacheControl: "no-store",
  extraHeaders: NOINDEX,
  etag: false,
  compress: false,
};

export interface PagesOptions {
  /** The server build (`build/server/index.js`) React Router renders from. */
  readonly build: ServerBuild;
  /** Published content and its version; the seeded default when omitted. */
  readonly content?: ContentSource;
  /** The featured updates rendered into the home pages' strip. */
  readonly featured?: FeaturedSource;
  /** True when the request carries a live staff session (for `?preview`). */
  readonly isStaff?: (request: FastifyRequest) => Promise<boolean>;
}

export interface PageRoutesOptions extends PagesOptions {
  /** The origin pages are rendered at (never the request's `Host`). */
  readonly origin: string;
  /** `PUBLIC_ORIGIN`, when configured: the host of the pages' absolute URLs. */
  readonly publicOrigin?: string;
  readonly https: boolean;
  readonly cssOf: (href: string) => string;
  readonly negotiator: EncodingNegotiator;
  /** Called with each URL this registers, so static files do not register it again. */
  readonly claim: (url: string) => boolean;
}

export interface PageRoutes {
  /** Answers an unknown GET or HEAD path with the 404 screen (or its single-fetch data). */
  notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply>;
  /** The paths that have pages (for tests and warm-up). */
  readonly routes: readonly SiteRoute[];
}

function isStaffPath(path: string): boolean {
  return path === "/admin" || path.startsWith("/admin/");
}

function queryOf(url: string): URLSearchParams | undefined {
  const mark = url.indexOf("?");
  return mark === -1 ? undefined : new URLSearchParams(url.slice(mark + 1));
}

/**
 * Serves every path of the server build's route table by rendering it on the server, once per
 * content version and featured-list version, and from memory afterwards
 * (docs/decisions/016-server-rendering-in-fastify.md): pages, their single-fetch `.data`
 * twins, resource routes (the event's .ics), the staff pages' shell, and one 404 screen for
 * every unknown path. `?preview` from a logged-in staff member renders the drafts, uncached.
 */
export function registerPageRoutes(app: FastifyInstance, options: PageRoutesOptions): PageRoutes {
  const { negotiator } = options;
  const content = options.content ?? seedContentSource;
  const render: PageRenderer = createPageRenderer({
    ...options,
    onError: (error) => app.log.error({ err: error }, "a page failed to render"),
  });
  // Server errors are rendered again on the next request instead of being kept.
  const cache = new RenderCache<RenderedPage>((page) => page.status < 500);

  const send = (page: RenderedPage, request: FastifyRequest, reply: FastifyReply) => {
    serve(page.entry, negotiator, request, reply, page.status);
    return reply;
  };

  /** Serves `target` from the cache, rendering it first when this version has not been. */
  const answer = (
    key: string,
    target: RenderTarget,
    renderOptions: RenderOptions,
    request: FastifyRequest,
    reply: FastifyReply,
  ): FastifyReply | Promise<FastifyReply> => {
    const withFeatured = (featured: FeaturedState | undefined) => {
      const generation = `${content.version()}\u0000${featured?.version ?? ""}`;
      const page = cache.get(generation, key, async () =>
        render(
          target,
          { content: await content.published(), featured: featured?.updates },
          renderOptions,
        ),
      );
      return page instanceof Promise
        ? page.then((ready) => send(ready, request, reply))
        : send(page, request, reply);
    };
    const featured = options.featured?.current();
    return featured instanceof Promise ? featured.then(withFeatured) : withFeatured(featured);
  };

  const preview = async (target: RenderTarget, request: FastifyRequest, reply: FastifyReply) => {
    const featured = await options.featured?.current();
    const snapshot = await (content.withDrafts ?? content.published).call(content);
    const page = await render(
      target,
      { content: snapshot, featured: featured?.updates },
      PREVIEW_ANSWER,
    );
    return send(page, request, reply);
  };

  const routes = siteRoutes(options.build);
  for (const route of routes) {
    const staff = isStaffPath(route.path);
    const renderOptions = staff ? STAFF_SHELL : PUBLIC_ANSWER;
    // A staff pattern such as /admin/content/:collection renders as /admin/content/_ (the
    // client-only shell does not depend on the parameters).
    const renderPath = route.path.replace(/:[^/]+/g, "_");
    const documentTarget: RenderTarget = { path: renderPath, data: false };
    const documentKey = `doc ${route.path}`;

    if (options.claim(route.path)) {
      app.route({
        method: ["GET", "HEAD"],
        url: route.path,
        handler: (request, reply) => {
          const query = queryOf(request.url);
          if (query?.has(PREVIEW_PARAM) && options.isStaff && !staff && !route.resource) {
            // Without a staff session, `?preview` is the public page (the link was shared).
            return options
              .isStaff(request)
              .then((isStaff) =>
                isStaff
                  ? preview(documentTarget, request, reply)
                  : answer(documentKey, documentTarget, renderOptions, request, reply),
              );
          }
          return answer(documentKey, documentTarget, renderOptions, request, reply);
        },
      });
    }
    if (route.resource) continue;
    const dataPath = dataPathOf(route.path);
    if (!options.claim(dataPath)) continue;
    app.route({
      method: ["GET", "HEAD"],
      url: dataPath,
      handler: (request, reply) => {
        const asked = (request.query as Record<string, unknown>)["_routes"];
        const routeIds = routesParam(route, typeof asked === "string" ? asked : undefined);
        const target: RenderTarget = {
          path: renderPath,
          data: true,
          ...(routeIds ? { routes: routeIds } : {}),
        };
        return answer(
          `data ${route.path} ${routeIds ?? ""}`,
          target,
          renderOptions,
          request,
          reply,
        );
      },
    });
  }

  return {
    routes,
    notFound(request, reply) {
      // One answer for every unknown path: the 404 screen does not show the path it was asked.
      const data = request.url.split("?", 1)[0]!.endsWith(".data");
      const target: RenderTarget = { path: NOT_FOUND_PATH, data };
      return answer(data ? "404 data" : "404", target, NOT_FOUND_ANSWER, request, reply);
    },
  };
}

/** Loads `build/server/index.js` (or another server build) as React Router's `ServerBuild`. */
export async function loadServerBuild(file: string): Promise<ServerBuild> {
  const { pathToFileURL } = await import("node:url");
  return (await import(pathToFileURL(file).href)) as ServerBuild;
}
