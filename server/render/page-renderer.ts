import { promisify } from "node:util";
import zlib from "node:zlib";
import {
  type HandleErrorFunction,
  type RouterContext,
  RouterContextProvider,
  type ServerBuild,
  createRequestHandler,
  isRouteErrorResponse,
} from "react-router";
import type { InquireRequest } from "../../common/form-outcome.js";
import { type StaticEntry, buildEntry } from "../web/static-entries.js";
import { withPreviewBanner, type PreviewLinks } from "./preview-banner.js";
import { finishPage } from "./finish-page.js";
import { withIslandEntry } from "./island-entry.js";
import { newRenderMark, takeMarkedScripts } from "./render-mark.js";
import { type RenderTarget, routerRequest } from "./router-request.js";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this, compressing does not pay for itself (as scripts/compress.mjs). */
const MIN_COMPRESS_BYTES = 512;
/**
 * Brotli at quality 5 and gzip 9. A page is compressed when it is rendered, and the first
 * visitor after a publish waits for it: on the home page (40 KB) quality 11, which the build uses
 * for assets, took about 100 times as long as quality 5 (495 ms against 4.6 ms on this loaded
 * machine) for 10 % fewer bytes (8.3 KB against 9.2 KB). Compression runs on libuv's thread pool.
 */
const BROTLI_OPTIONS = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};

const HTML_TYPE = "text/html; charset=utf-8";

/** Response headers of React Router's that the cached answer does not repeat. */
const DROPPED_HEADERS = new Set([
  "content-type",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "cache-control",
  "etag",
  "vary",
  "date",
  // A cached answer goes to everyone: it must never set a cookie.
  "set-cookie",
]);

/** What the app reads from React Router's context while rendering (docs/decisions/016). */
export interface RenderValues {
  /** The content snapshot; undefined: the app's seeded default. */
  readonly content?: unknown;
  /** The featured updates for the strip; undefined: the strip loads them in the browser. */
  readonly featured?: unknown;
  /** The outcome of a form posted without JavaScript, shown by this one answer (decision 023). */
  readonly formOutcome?: unknown;
  /** The contact page asked with `?inquire`: its Message prefilled (decision 023), its course. */
  readonly inquire?: InquireRequest;
  /** Every published update (/updates and its feed); undefined: none. */
  readonly updates?: unknown;
  /** The moment rendered for (ms since the epoch), the one the cache keys it by (decision 027). */
  readonly now?: number;
}

export interface RenderOptions {
  /** `Cache-Control` of the answer. */
  readonly cacheControl: string;
  /** Added to the answer, e.g. `x-robots-tag`. */
  readonly extraHeaders?: Readonly<Record<string, string>>;
  /** Without an ETag (error pages, previews). */
  readonly etag?: boolean;
  /** Skip the br and gzip forms (an answer served once, such as a preview). */
  readonly compress?: boolean;
  /** A preview's banner: where its links lead (preview-banner.ts). */
  readonly previewOf?: PreviewLinks;
}

/** A rendered answer, ready to be served from memory like a static file. */
export interface RenderedPage {
  readonly status: number;
  readonly entry: StaticEntry;
}

export interface PageRendererOptions {
  readonly build: ServerBuild;
  /** The origin pages are rendered at: `PUBLIC_ORIGIN`, or a fixed default. */
  readonly origin: string;
  /**
   * `PUBLIC_ORIGIN`, given to the app (`siteOriginContext`) for its absolute URLs; without it
   * the app uses its own default address.
   */
  readonly publicOrigin?: string;
  /** HTTPS site (upgrade-insecure-requests in page policies). */
  readonly https: boolean;
  /** `SITE_TIME_ZONE`, given to the app (`siteTimeZoneContext`): the footer's year is its year. */
  readonly timeZone?: string;
  /** The text of a built stylesheet (`/assets/x.css`); throws for one not in the build. */
  readonly cssOf: (href: string) => string;
  /**
   * The island build's entry script (`/islands/entry-….js`, server/render/island-entry.ts): named
   * by every page that has an island (docs/decisions/024). Without it such pages go out without
   * it and their islands stay server HTML.
   */
  readonly islandEntry?: string;
  /**
   * Told of an error while rendering (a loader or component threw), unless the build's entry
   * handles errors itself. The 404 of an unknown path is not an error.
   */
  readonly onError?: (error: unknown) => void;
}

export type PageRenderer = (
  target: RenderTarget,
  values: RenderValues,
  options: RenderOptions,
) => Promise<RenderedPage>;

function isRouterContext(value: unknown): value is RouterContext<unknown> {
  return typeof value === "object" && value !== null;
}

async function compressed(body: Buffer): Promise<{ br?: Buffer; gzip?: Buffer }> {
  if (body.length <= MIN_COMPRESS_BYTES) return {};
  const [br, gz] = await Promise.all([brotli(body, BROTLI_OPTIONS), gzip(body, { level: 9 })]);
  return {
    ...(br.length < body.length ? { br } : {}),
    ...(gz.length < body.length ? { gzip: gz } : {}),
  };
}

/**
 * Renders one page, its single-fetch data or a resource route with React Router's request
 * handler, finishes an HTML page (inline CSS, deferred hydration of the staff pages, the island
 * script on a public page with islands), and
 * prepares every header, the ETag and the compressed forms, like server/web does for files.
 * The contexts are the ones the server build's entry exports (`contentContext`,
 * `featuredContext`, `renderTimeContext`…); a build without them renders its defaults.
 */
export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  const { origin, https, cssOf } = options;
  // React Router writes errors to console.error by default, the 404 of every unknown path
  // included; they go to the server's log instead.
  const handleError: HandleErrorFunction =
    options.build.entry.module.handleError ??
    ((error, { request }) => {
      if (request.signal.aborted || (isRouteErrorResponse(error) && error.status === 404)) return;
      options.onError?.(error);
    });
  const build: ServerBuild = {
    ...options.build,
    entry: { module: { ...options.build.entry.module, handleError } },
  };
  const handle = createRequestHandler(build, "production");
  const exported = build.entry.module as unknown as Record<string, unknown>;
  /** A context the server build's entry exports by this name; undefined for a build without it. */
  const exportedContext = (name: string): RouterContext<unknown> | undefined => {
    const value = exported[name];
    return isRouterContext(value) ? value : undefined;
  };
  const contentContext = exportedContext("contentContext");
  const featuredContext = exportedContext("featuredContext");
  const formOutcomeContext = exportedContext("formOutcomeContext");
  const inquireContext = exportedContext("inquireContext");
  const siteOriginContext = exportedContext("siteOriginContext");
  const renderMarkContext = exportedContext("renderMarkContext");
  const publishedUpdatesContext = exportedContext("publishedUpdatesContext");
  const renderTimeContext = exportedContext("renderTimeContext");
  const siteTimeZoneContext = exportedContext("siteTimeZoneContext");

  return async (target, values, renderOptions) => {
    const context = new RouterContextProvider();
    // The app marks the inline scripts it writes; only those are allowed (render-mark.ts).
    const mark = newRenderMark();
    if (renderMarkContext) context.set(renderMarkContext, mark);
    if (siteOriginContext && options.publicOrigin) {
      context.set(siteOriginContext, options.publicOrigin);
    }
    if (contentContext && values.content !== undefined) context.set(contentContext, values.content);
    if (featuredContext && values.featured !== undefined) {
      context.set(featuredContext, values.featured);
    }
    if (formOutcomeContext && values.formOutcome !== undefined) {
      context.set(formOutcomeContext, values.formOutcome);
    }
    if (inquireContext && values.inquire) context.set(inquireContext, values.inquire);
    if (publishedUpdatesContext && values.updates !== undefined) {
      context.set(publishedUpdatesContext, values.updates);
    }
    if (renderTimeContext && values.now !== undefined) context.set(renderTimeContext, values.now);
    if (siteTimeZoneContext && options.timeZone) context.set(siteTimeZoneContext, options.timeZone);
    const response = await handle(routerRequest(origin, target), context);
    const type = response.headers.get("content-type") ?? "application/octet-stream";
    const html = !target.data && type.startsWith("text/html");
    let body = Buffer.from(await response.arrayBuffer());
    let inlineScripts: string[] | undefined;
    if (html) {
      const marked = takeMarkedScripts(body.toString("utf8"), mark);
      inlineScripts = marked.scripts;
      const page =
        renderOptions.previewOf === undefined
          ? marked.html
          : withPreviewBanner(marked.html, renderOptions.previewOf);
      const finished = finishPage(page, cssOf, inlineScripts);
      const islandEntry = options.islandEntry;
      body = Buffer.from(islandEntry ? withIslandEntry(finished, islandEntry) : finished, "utf8");
    }

    const headers: Record<string, string> = {};
    for (const [name, value] of response.headers) {
      if (!DROPPED_HEADERS.has(name)) headers[name] = value;
    }
    Object.assign(headers, renderOptions.extraHeaders);
    const entry = buildEntry(
      {
        relativePath: target.path,
        body,
        ...(renderOptions.compress === false ? {} : await compressed(body)),
      },
      {
        https,
        contentType: html ? HTML_TYPE : type,
        cacheControl: renderOptions.cacheControl,
        extraHeaders: headers,
        ...(renderOptions.etag === false ? { etag: false } : {}),
        ...(inlineScripts ? { inlineScripts } : {}),
      },
    );
    return { status: response.status, entry };
  };
}
