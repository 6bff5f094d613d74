import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerBuild } from "react-router";
import {
  FORM_OUTCOME_PARAM,
  FORM_PAGES,
  INQUIRE_PARAM,
  type FormOutcome,
  type FormPage,
  isFormPage,
} from "../../common/form-outcome.js";
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
  type RenderValues,
  type RenderedPage,
  createPageRenderer,
} from "./page-renderer.js";
import { RenderCache } from "./render-cache.js";
import { editorPathOf } from "./preview-banner.js";
import { createEventClock } from "./event-clock.js";
import { publishedPath } from "./published-params.js";
import { seedSnapshot, type ContentSnapshot } from "../../common/content/snapshot.js";
import { UPDATES_PAGE_PARAM, updatesPageNumber } from "../../common/updates.js";
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

/** /updates, whose older pages are `?page=N` (common/updates.ts). */
const UPDATES_PATH = "/updates";

/** Rendered for every unknown path; matches no route, so React Router answers its 404 screen. */
const NOT_FOUND_PATH = "/__not-found";

const NOINDEX = { "x-robots-tag": "noindex" } as const;
const PUBLIC_ANSWER: RenderOptions = { cacheControl: CACHE_HTML };
const STAFF_SHELL: RenderOptions = { cacheControl: CACHE_HTML, extraHeaders: NOINDEX };
const NOT_FOUND_ANSWER: RenderOptions = { cacheControl: CACHE_HTML, etag: false };
/** A preview is the staff member's own: never stored by a browser, proxy or this server. */
/**
 * A page showing a form's outcome holds what the visitor typed: only for them, never stored or
 * indexed, and its status is the form's (400 for a field the schema refused, as the API).
 */
const FORM_OUTCOME_ANSWER: RenderOptions = {
  cacheControl: "no-store",
  extraHeaders: NOINDEX,
  etag: false,
  compress: false,
};
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
  /**
   * The outcome of a form posted without JavaScript that `?form=ID` names for `page`, taken once
   * (server/forms/, decision 023).
   */
  readonly takeFormOutcome?: (page: string, id: string) => Promise<FormOutcome | undefined>;
  /** Pages re-rendered at once after a content change (default 2, see warm-up.ts). */
  readonly warmUpConcurrency?: number;
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
  // Pages that show an event's state are rendered again once a session starts or ends.
  const eventClock = createEventClock(seedSnapshot);
  const publishedSnapshot = async () => (await content.published()) as ContentSnapshot | undefined;

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
    extra: Pick<RenderValues, "inquire"> = {},
  ): RenderedPage | Promise<RenderedPage> => {
    const withFeatured = (featured: FeaturedState | undefined) => {
      const now = Date.now();
      const generation = `${content.version()}\u0000${featured?.version ?? ""}\u0000${eventClock.epochAt(now)}`;
      return cache.get(generation, key, async () => {
        const snapshot = await publishedSnapshot();
        eventClock.observe(snapshot, now);
        return render(
          target,
          {
            content: snapshot,
            featured: featured?.updates,
            updates: featured?.published,
            now,
            ...extra,
          },
          renderOptions,
        );
      });
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
    extra: Pick<RenderValues, "inquire"> = {},
  ): FastifyReply | Promise<FastifyReply> => {
    const page = cached(key, target, renderOptions, extra);
    return page instanceof Promise
      ? page.then((ready) => send(ready, request, reply))
      : send(page, request, reply);
  };

  /** With drafts, for staff only: rendered for this request, never cached (no-store, noindex). */
  const preview = async (target: RenderTarget, request: FastifyRequest, reply: FastifyReply) => {
    const featured = await options.featured?.current();
    const snapshot = await (content.withDrafts ?? content.published).call(content);
    const page = await render(
      target,
      {
        content: snapshot,
        featured: featured?.updates,
        updates: featured?.published,
        now: Date.now(),
      },
      { ...PREVIEW_ANSWER, previewOf: editorPathOf(queryOf(request.url)?.get(PREVIEW_PARAM)) },
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
   * `?form=ID` on a page with a form: the outcome of the post that redirected here, rendered for
   * this request only; an unknown, used or expired id gets the ordinary page.
   */
  const withFormOutcome = async (
    key: string,
    target: RenderTarget,
    renderOptions: RenderOptions,
    id: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> => {
    const outcome = await options.takeFormOutcome!(target.path, id);
    if (!outcome) return answer(key, target, renderOptions, request, reply);
    const featured = await options.featured?.current();
    const page = await render(
      target,
      {
        content: await content.published(),
        featured: featured?.updates,
        updates: featured?.published,
        now: Date.now(),
        formOutcome: outcome,
      },
      FORM_OUTCOME_ANSWER,
    );
    serve(
      page.entry,
      negotiator,
      request,
      reply,
      page.status >= 500 ? page.status : outcome.status,
    );
    return reply;
  };

  /** One answer for every unknown path: the 404 screen does not show the path it was asked. */
  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const data = request.url.split("?", 1)[0]!.endsWith(".data");
    const target: RenderTarget = { path: NOT_FOUND_PATH, data };
    return answer(data ? "404 data" : "404", target, NOT_FOUND_ANSWER, request, reply);
  };

  /**
   * A public address with parameters (an event's page or calendar file): rendered for the
   * values the published content has, the 404 screen for any other. No single-fetch twin: the
   * pages that link here do so with plain links.
   */
  const registerWithParameters = (route: SiteRoute) => {
    if (!options.claim(route.path)) return;
    app.route({
      method: ["GET", "HEAD"],
      url: route.path,
      handler: async (request, reply) => {
        const params = request.params as Record<string, string | undefined>;
        const path = publishedPath(route.path, params, await publishedSnapshot());
        if (path === undefined) return notFound(request, reply);
        const target: RenderTarget = { path, data: false };
        return route.resource
          ? answer(`doc ${path}`, target, PUBLIC_ANSWER, request, reply)
          : publicOrPreview(`doc ${path}`, target, PUBLIC_ANSWER, request, reply);
      },
    });
  };

  /**
   * `/updates?page=N`: one cached answer per page that exists (the published list's length
   * decides), the 404 screen for any other value.
   */
  const updatesPage = async (
    documentKey: string,
    target: RenderTarget,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const asked = queryOf(request.url)?.get(UPDATES_PAGE_PARAM);
    const published = (await options.featured?.current())?.published;
    const count = Array.isArray(published) ? published.length : 0;
    const page = updatesPageNumber(asked, count);
    if (page === undefined) return notFound(request, reply);
    if (page === 1) return publicOrPreview(documentKey, target, PUBLIC_ANSWER, request, reply);
    const search = `?${UPDATES_PAGE_PARAM}=${page}`;
    return answer(`${documentKey} ${search}`, { ...target, search }, PUBLIC_ANSWER, request, reply);
  };

  const routes = siteRoutes(options.build);
  /** The public pages and resources, rendered again in the background after a change. */
  const warmTargets: { key: string; target: RenderTarget }[] = [];
  for (const route of routes) {
    if (route.parameters) {
      registerWithParameters(route);
      continue;
    }
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
          if (staff || route.resource) {
            return answer(documentKey, documentTarget, renderOptions, request, reply);
          }
          if (route.path === UPDATES_PATH) {
            return updatesPage(documentKey, documentTarget, request, reply);
          }
          // GET only: a HEAD must not use up the outcome its GET is about to show.
          const outcomeId =
            options.takeFormOutcome && request.method === "GET"
              ? queryOf(request.url)?.get(FORM_OUTCOME_PARAM)
              : null;
          if (outcomeId && isFormPage(route.path)) {
            return withFormOutcome(
              documentKey,
              documentTarget,
              renderOptions,
              outcomeId,
              request,
              reply,
            );
          }
          // Inquire without JavaScript: the contact page with the Message prefilled, one more
          // cached answer per contact page whatever the parameter's value.
          if (FORM_PAGES[route.path as FormPage] === "contact") {
            if (queryOf(request.url)?.has(INQUIRE_PARAM)) {
              return answer(
                `${documentKey} inquire`,
                documentTarget,
                renderOptions,
                request,
                reply,
                {
                  inquire: true,
                },
              );
            }
          }
          return publicOrPreview(documentKey, documentTarget, renderOptions, request, reply);
        },
      });
      if (!staff) warmTargets.push({ key: documentKey, target: documentTarget });
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
    notFound,
  };
}

/** Loads `build/server/index.js` (or another server build) as React Router's `ServerBuild`. */
export async function loadServerBuild(file: string): Promise<ServerBuild> {
  const { pathToFileURL } = await import("node:url");
  return (await import(pathToFileURL(file).href)) as ServerBuild;
}
