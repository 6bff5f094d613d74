import { stat } from "node:fs/promises";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { errorBody } from "../http/errors.js";
import { EncodingNegotiator } from "./accept-encoding.js";
import { ifNoneMatchMatches, ifRangeAllows, parseRange } from "./conditional.js";
import { loadClientFiles } from "./load-client-files.js";
import { isHttpsOrigin, registerSecurityHeaders } from "./security-headers.js";
import { type StaticEntry, buildEntry, representation, urlPathsFor } from "./static-entries.js";

export interface WebPluginOptions {
  /** The built client, e.g. `build/client`. Missing: API-only mode (no static files). */
  readonly clientDir: string;
  /** The site's public origin; an `https:` origin turns on HSTS and upgrade-insecure-requests. */
  readonly publicOrigin?: string;
}

/** The client-only page React Router writes for paths that were not pre-rendered. */
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

/** Answers a GET or HEAD for an in-memory file: coding, 304, single ranges, then the body. */
function serve(
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

    for (const file of files) {
      const entry = buildEntry(file, { https });
      const handler = (request: FastifyRequest, reply: FastifyReply) => {
        serve(entry, negotiator, request, reply);
      };
      for (const url of urlPathsFor(file.relativePath)) {
        const key = routeKey(url);
        // Routes the app registered before us win.
        if (registered.has(key) || app.hasRoute({ method: "GET", url })) continue;
        registered.add(key);
        app.route({ method: ["GET", "HEAD"], url, handler });
      }
      if (file.relativePath === SPA_FALLBACK_FILE) {
        const noindex = { "x-robots-tag": "noindex" };
        adminPage = buildEntry(file, { https, extraHeaders: noindex });
        notFoundPage = buildEntry(file, { https, extraHeaders: noindex, etag: false });
      }
    }
    if (!notFoundPage) {
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
