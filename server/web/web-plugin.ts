import { stat } from "node:fs/promises";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { errorBody } from "../http/errors.js";
import { EncodingNegotiator } from "./accept-encoding.js";
import { type ClientFile, loadClientFiles } from "./load-client-files.js";
import { isHttpsOrigin, registerSecurityHeaders } from "./security-headers.js";
import { serve } from "./serve.js";
import { type StaticEntry, buildEntry, urlPathsFor } from "./static-entries.js";

export interface WebPluginOptions {
  /** The built client, e.g. `build/client`. Missing: API-only mode (no static files). */
  readonly clientDir: string;
  /** The site's public origin; an `https:` origin turns on HSTS and upgrade-insecure-requests. */
  readonly publicOrigin?: string;
  /**
   * Registers the rendered pages (server/render/site-pages.ts): every path of the server build's
   * route table is then rendered by the server and kept in memory. Without it, only files.
   */
  readonly pages?: RegisterPages;
}

/** What the rendered pages are given of the built client, before its files are registered. */
export interface SiteFiles {
  readonly clientDir: string;
  readonly files: readonly ClientFile[];
  readonly publicOrigin?: string;
  readonly https: boolean;
  readonly negotiator: EncodingNegotiator;
  /** Called with each URL a page registers, so static files do not register it again. */
  readonly claim: (url: string) => boolean;
}

export interface RenderedPages {
  /** Answers an unknown GET or HEAD path with the 404 screen (or its single-fetch data). */
  notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply>;
}

/**
 * Registers the pages' routes beside the static files; given by the app, so that this plugin
 * (below server/render/) never imports the renderer.
 */
export type RegisterPages = (app: FastifyInstance, site: SiteFiles) => Promise<RenderedPages>;

/**
 * The client-only page React Router writes for paths that were not pre-rendered (`ssr: false`
 * builds); a server build renders those paths instead (`pages`).
 */
export const SPA_FALLBACK_FILE = "__spa-fallback.html";

const NOT_FOUND_JSON = JSON.stringify(errorBody("not_found", "Not found"));

export function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}

export function isAdminPath(path: string): boolean {
  return path === "/admin" || path.startsWith("/admin/");
}

function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

async function web(app: FastifyInstance, options: WebPluginOptions): Promise<void> {
  registerSecurityHeaders(app, options);

  const https = isHttpsOrigin(options.publicOrigin);
  const negotiator = new EncodingNegotiator();
  let adminPage: StaticEntry | undefined;
  let notFoundPage: StaticEntry | undefined;
  let pages: RenderedPages | undefined;

  if (await isDirectory(options.clientDir)) {
    const { files, warnings } = await loadClientFiles(options.clientDir);
    for (const warning of warnings) app.log.warn(warning);

    // With `ignoreTrailingSlash`, `/a/` and `/a` are one route: register it once.
    const config = app.initialConfig;
    const ignoreTrailingSlash = Boolean(
      config.routerOptions?.ignoreTrailingSlash ?? config.ignoreTrailingSlash,
    );
    const routeKey = (url: string) =>
      ignoreTrailingSlash && url.length > 1 ? url.replace(/\/$/, "") : url;
    const registered = new Set<string>();
    const claim = (url: string) => {
      const key = routeKey(url);
      // Routes the app registered before us win.
      if (registered.has(key) || app.hasRoute({ method: "GET", url })) return false;
      registered.add(key);
      return true;
    };

    if (options.pages) {
      pages = await options.pages(app, {
        clientDir: options.clientDir,
        files,
        ...(options.publicOrigin ? { publicOrigin: options.publicOrigin } : {}),
        https,
        negotiator,
        claim,
      });
    }

    for (const file of files) {
      const entry = buildEntry(file, { https });
      const handler = (request: FastifyRequest, reply: FastifyReply) => {
        serve(entry, negotiator, request, reply);
      };
      for (const url of urlPathsFor(file.relativePath)) {
        if (claim(url)) app.route({ method: ["GET", "HEAD"], url, handler });
      }
      if (file.relativePath === SPA_FALLBACK_FILE) {
        const noindex = { "x-robots-tag": "noindex" };
        adminPage = buildEntry(file, { https, extraHeaders: noindex });
        notFoundPage = buildEntry(file, { https, extraHeaders: noindex, etag: false });
      }
    }
    if (!notFoundPage && !pages) {
      app.log.warn(
        `${SPA_FALLBACK_FILE} is missing from ${options.clientDir}: /admin and unknown pages answer JSON 404`,
      );
    }
    app.log.debug({ files: files.length }, "serving the built client from memory");
  } else {
    app.log.warn(
      `client build not found at ${options.clientDir}: serving the API only (run npm run build)`,
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const method = request.method;
    if (method === "GET" || method === "HEAD") {
      const path = pathOf(request.url);
      if (!isApiPath(path)) {
        if (pages) return pages.notFound(request, reply);
        if (adminPage && isAdminPath(path)) return serve(adminPage, negotiator, request, reply);
        if (notFoundPage) return serve(notFoundPage, negotiator, request, reply, 404);
      }
    }
    reply.code(404).type("application/json; charset=utf-8").send(NOT_FOUND_JSON);
  });
}

/**
 * Serves the built client from memory, adds the security headers to every response of the app
 * and answers unknown paths (JSON 404 under /api, the client's error page elsewhere).
 * It skips Fastify's encapsulation, so register it once on the root instance, after the API:
 * `await app.register(webPlugin, { clientDir, publicOrigin })`.
 */
export const webPlugin: FastifyPluginAsync<WebPluginOptions> = web;
Object.assign(webPlugin, {
  [Symbol.for("skip-override")]: true,
  [Symbol.for("fastify.display-name")]: "web",
});

/** The same as `app.register(webPlugin, options)`. */
export async function registerWeb(app: FastifyInstance, options: WebPluginOptions): Promise<void> {
  await app.register(webPlugin, options);
}
