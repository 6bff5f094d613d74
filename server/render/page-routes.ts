import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerBuild } from "react-router";
import type { EncodingNegotiator } from "../web/accept-encoding.js";
import { HttpError } from "../http/errors.js";
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
import { createWarmUp } from "./warm-up.js";
import {
  type RenderTarget,
  type SiteRoute,
  dataPathOf,
  routesParam,
  siteRoutes,
} from "./router-request.js";

/** The query parameter that asks for a page with the staff's drafts (`/about-desktop?preview`). */
export const PREVIEW_PARAM = "preview";

/**
 * The largest form post: the contact form's 5,000-character message percent-encoded as UTF-8
 * (up to 9 bytes a character) and its other fields.
 */
export const FORM_BODY_LIMIT_BYTES = 64 * 1024;

/** Rendered for every unknown path; matches no route, so React Router answers its 404 screen. */
const NOT_FOUND_PATH = "/__not-found";

const NOINDEX = { "x-robots-tag": "noindex" } as const;
const PUBLIC_ANSWER: RenderOptions = { cacheControl: CACHE_HTML };
const STAFF_SHELL: RenderOptions = { cacheControl: CACHE_HTML, extraHeaders: NOINDEX };
const NOT_FOUND_ANSWER: RenderOptions = { cacheControl: CACHE_HTML, etag: false };
/** A form's answer holds what one visitor typed: never stored, never indexed. */
const FORM_ANSWER: RenderOptions = {
  cacheControl: "no-store",
  extraHeaders: NOINDEX,
  etag: false,
  compress: false,
};
/** A preview is the staff member's own: never stored by a browser, proxy or this server. */
const PREVIEW_ANSWER: RenderOptions = {
  cacheControl: "no-store",
  extraHeaders: NOINDEX,
  etag: false,
  compress: false,
};

/** What a page's form post is answered with (decision 023). */
export type PageFormAnswer =
  /** Accepted: 303 See Other to this address of the same site (Post/Redirect/Get). */
  | { readonly redirect: string }
  /** Refused: the page rendered in `state` with this status (and headers such as Retry-After). */
  | {
      readonly status: number;
      readonly state: unknown;
      readonly headers?: Readonly<Record<string, string>>;
    };

/**
 * A public page's form, posted to the page itself without JavaScript (decision 023). The server
 * renders the page in a state the app reads from `formStateContext` (common/public-forms.ts).
 */
export interface PageForm {
  /** Answers a post to the page; `body` is its parsed `application/x-www-form-urlencoded` fields. */
  submit(body: Readonly<Record<string, string>>, request: FastifyRequest): Promise<PageFormAnswer>;
  /**
   * The state a GET renders the page in, from its query (a post's single-use outcome id,
   * Inquire's parameter); undefined: the ordinary page. With `cacheKey` the rendering is the same
   * for everyone and is kept like the page; without, it is rendered for this request only.
   */
  stateFor(
    query: URLSearchParams,
  ): Promise<{ readonly state: unknown; readonly cacheKey?: string } | undefined>;
}

export interface PagesOptions {
  /** The server build (`build/server/index.js`) React Router renders from. */
  readonly build: ServerBuild;
  /** Published content and its version; the seeded default when omitted. */
  readonly content?: ContentSource;
  /** The featured updates rendered into the home pages' strip. */
  readonly featured?: FeaturedSource;
  /** True when the request carries a live staff session (for `?preview`). */
  readonly isStaff?: (request: FastifyRequest) => Promise<boolean>;
  /** Pages re-rendered at once after a content change (default 2, see warm-up.ts). */
  readonly warmUpConcurrency?: number;
  /** The pages that take a form post, by path (decision 023). */
  readonly forms?: Readonly<Record<string, PageForm>>;
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
  /** Resolves when no background re-rendering after a content change is running (tests). */
  warmedUp(): Promise<void>;
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

  /**
   * `target`'s answer for the current content and featured-list versions: from the cache, or
   * rendered first (once, however many ask at the same moment). The version is read when the
   * featured list is known, just before the cache is asked, and `published()` returns content at
   * least that new, so an answer is never kept under a version newer than its content.
   */
  const cached = (
    key: string,
    target: RenderTarget,
    renderOptions: RenderOptions,
    form?: unknown,
  ): RenderedPage | Promise<RenderedPage> => {
    const withFeatured = (featured: FeaturedState | undefined) => {
      const generation = `${content.version()}\u0000${featured?.version ?? ""}`;
      return cache.get(generation, key, async () =>
        render(
          target,
          {
            content: await content.published(),
            featured: featured?.updates,
            ...(form === undefined ? {} : { form }),
          },
          renderOptions,
        ),
      );
    };
    const featured = options.featured?.current();
    return featured instanceof Promise ? featured.then(withFeatured) : withFeatured(featured);
  };

  /** Serves `target` from the cache, rendering it first when this version has not been. */
  const answer = (
    key: string,
    target: RenderTarget,
    renderOptions: RenderOptions,
    request: FastifyRequest,
    reply: FastifyReply,
    form?: unknown,
  ): FastifyReply | Promise<FastifyReply> => {
    const page = cached(key, target, renderOptions, form);
    return page instanceof Promise
      ? page.then((ready) => send(ready, request, reply))
      : send(page, request, reply);
  };

  /** A page in a form's state for this request only: never cached (no-store, noindex). */
  const formPage = async (
    target: RenderTarget,
    state: unknown,
    status: number,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const featured = await options.featured?.current();
    const page = await render(
      target,
      { content: await content.published(), featured: featured?.updates, form: state },
      FORM_ANSWER,
    );
    return send(page.status === 200 ? { ...page, status } : page, request, reply);
  };

  /** With drafts, for staff only: rendered for this request, never cached (no-store, noindex). */
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

  /**
   * `?preview` from a live staff session: the drafts; from anyone else, the public answer (a
   * shared link shows the published page and says nothing about drafts).
   */
  const publicOrPreview = (
    key: string,
    target: RenderTarget,
    renderOptions: RenderOptions,
    request: FastifyRequest,
    reply: FastifyReply,
  ): FastifyReply | Promise<FastifyReply> => {
    if (options.isStaff && queryOf(request.url)?.has(PREVIEW_PARAM)) {
      return options
        .isStaff(request)
        .then((isStaff) =>
          isStaff
            ? preview(target, request, reply)
            : answer(key, target, renderOptions, request, reply),
        );
    }
    return answer(key, target, renderOptions, request, reply);
  };

  /**
   * POST to a page with a form: its fields as `application/x-www-form-urlencoded` (what a
   * browser sends without JavaScript), in a scope of its own so that form bodies are parsed for
   * these routes only. The Origin check applies as to every unsafe request.
   */
  const registerFormPost = (path: string, target: RenderTarget, form: PageForm) => {
    app.register(async (scope) => {
      scope.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "string", bodyLimit: FORM_BODY_LIMIT_BYTES },
        (_request, body, done) => {
          const fields: Record<string, string> = {};
          for (const [name, value] of new URLSearchParams(body as string)) fields[name] ??= value;
          done(null, fields);
        },
      );
      scope.post(path, { bodyLimit: FORM_BODY_LIMIT_BYTES }, async (request, reply) => {
        const type = request.headers["content-type"] ?? "";
        if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
          throw new HttpError(
            415,
            "unsupported_media_type",
            "Send the form's fields as a form post",
          );
        }
        const result = await form.submit((request.body ?? {}) as Record<string, string>, request);
        if ("redirect" in result) {
          return reply
            .code(303)
            .header("location", result.redirect)
            .header("cache-control", "no-store")
            .send();
        }
        if (result.headers) reply.headers(result.headers);
        return formPage(target, result.state, result.status, request, reply);
      });
    });
  };

  const routes = siteRoutes(options.build);
  /** The public pages and resources, rendered again in the background after a change. */
  const warmTargets: { key: string; target: RenderTarget }[] = [];
  for (const route of routes) {
    const staff = isStaffPath(route.path);
    const renderOptions = staff ? STAFF_SHELL : PUBLIC_ANSWER;
    // A staff pattern such as /admin/content/:collection renders as /admin/content/_ (the
    // client-only shell does not depend on the parameters).
    const renderPath = route.path.replace(/:[^/]+/g, "_");
    const documentTarget: RenderTarget = { path: renderPath, data: false };
    const documentKey = `doc ${route.path}`;

    const form = staff || route.resource ? undefined : options.forms?.[route.path];
    if (options.claim(route.path)) {
      app.route({
        method: ["GET", "HEAD"],
        url: route.path,
        handler: (request, reply) => {
          if (staff || route.resource) {
            return answer(documentKey, documentTarget, renderOptions, request, reply);
          }
          const query = form ? queryOf(request.url) : undefined;
          if (!form || !query) {
            return publicOrPreview(documentKey, documentTarget, renderOptions, request, reply);
          }
          return form.stateFor(query).then((found) => {
            if (!found) {
              return publicOrPreview(documentKey, documentTarget, renderOptions, request, reply);
            }
            if (found.cacheKey === undefined) {
              return formPage(documentTarget, found.state, 200, request, reply);
            }
            const key = `${documentKey} ${found.cacheKey}`;
            return answer(key, documentTarget, renderOptions, request, reply, found.state);
          });
        },
      });
      if (!staff) warmTargets.push({ key: documentKey, target: documentTarget });
      if (form) registerFormPost(route.path, documentTarget, form);
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
        const key = `data ${route.path} ${routeIds ?? ""}`;
        // Client-side navigations and revalidations of a preview ask `/x.data?preview`.
        return staff
          ? answer(key, target, renderOptions, request, reply)
          : publicOrPreview(key, target, renderOptions, request, reply);
      },
    });
  }

  // After every change of the published content, the public pages are rendered again in the
  // background, so the first visitor after a publish is served from memory (decision 021).
  const warmUp = createWarmUp({
    pages: warmTargets,
    render: ({ key, target }) => cached(key, target, PUBLIC_ANSWER),
    onError: (error, { target }) =>
      app.log.error({ err: error, path: target.path }, "warming up a page failed"),
    ...(options.warmUpConcurrency ? { concurrency: options.warmUpConcurrency } : {}),
  });
  const unsubscribe = content.onChange?.(() => warmUp.start());
  app.addHook("onClose", async () => {
    unsubscribe?.();
    await warmUp.stop();
  });

  return {
    routes,
    warmedUp: () => warmUp.idle(),
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
