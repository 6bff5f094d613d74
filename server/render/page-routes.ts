import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerBuild } from "react-router";
import {
  FORM_OUTCOME_PARAM,
  FORM_PAGES,
  INQUIRE_PARAM,
  inquiredCourse,
  type FormOutcome,
  type FormPage,
  isFormPage,
} from "../../common/form-outcome.js";
import { seedSnapshot } from "../../common/content/snapshot.js";
import type { EncodingNegotiator } from "../web/accept-encoding.js";
import type { FrontDoor } from "../web/front-door.js";
import { type ContentSource, type FeaturedSource, seedContentSource } from "./content-source.js";
import {
  type MissingPathRedirects,
  PUBLIC_ANSWER,
  STAFF_SHELL,
  createPageAnswers,
  queryOf,
} from "./page-answers.js";
import { type PageRenderer, type RenderOptions, createPageRenderer } from "./page-renderer.js";
import { WIDTH_SWITCHING_PATHS } from "../../common/page-names.js";
import { publishedPath } from "./published-params.js";
import { createWarmUp } from "./warm-up.js";
import { markVisit, type VisitMark } from "../statistics/visit-marks.js";
import {
  type RenderTarget,
  type SiteRoute,
  dataPathOf,
  routesParam,
  siteRoutes,
} from "./router-request.js";

/** /updates, whose older pages are `?page=N` (common/updates.ts). */
const UPDATES_PATH = "/updates";

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
  /** Where a missing path is redirected (server/redirects/). */
  readonly redirects?: MissingPathRedirects;
  /** Pages re-rendered at once after a content change (default 2, see warm-up.ts). */
  readonly warmUpConcurrency?: number;
  /** `SITE_TIME_ZONE` (the footer's year); its default when omitted. */
  readonly timeZone?: string;
  /** Where the public pages are also answered before Fastify, when rendered (decision 056). */
  readonly frontDoor?: FrontDoor<VisitMark>;
}

export interface PageRoutesOptions extends PagesOptions {
  /** The origin pages are rendered at (never the request's `Host`). */
  readonly origin: string;
  /** `PUBLIC_ORIGIN`, when configured: the host of the pages' absolute URLs. */
  readonly publicOrigin?: string;
  readonly https: boolean;
  readonly cssOf: (href: string) => string;
  /** The island build's entry script (`/islands/...js`), added to pages with islands. */
  readonly islandEntry?: string;
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

/** A calendar file downloaded: a goal in the statistics (docs/product.md 5.7). */
const CALENDAR_DOWNLOAD: VisitMark = { kind: "goal", goal: "calendar" };

/**
 * What an answer of a route counts as in the statistics, made once per route: a public page, a
 * calendar file downloaded; nothing for staff pages, feeds, the sitemap and robots.txt, or an
 * address that only sends the visitor on to a page at their width.
 */
function visitMarkOf(path: string, staff: boolean, resource: boolean): VisitMark | null {
  if (staff || WIDTH_SWITCHING_PATHS.includes(path)) return null;
  if (resource) return path.endsWith(".ics") ? CALENDAR_DOWNLOAD : null;
  return { kind: "page", path };
}

function isStaffPath(path: string): boolean {
  return path === "/admin" || path.startsWith("/admin/");
}

/**
 * Serves every path of the server build's route table by rendering it on the server, once per
 * content, updates and event-clock generation, and from memory afterwards (decisions 016, 027;
 * how each kind of answer is made is in page-answers.ts): pages, their single-fetch `.data`
 * twins, resource routes (the calendar files, the feed), event pages for published slugs, the
 * staff pages' shell, and one 404 screen for every unknown path. `?preview` from a logged-in
 * staff member renders the drafts, uncached.
 */
export function registerPageRoutes(app: FastifyInstance, options: PageRoutesOptions): PageRoutes {
  const { negotiator } = options;
  const content = options.content ?? seedContentSource;
  const render: PageRenderer = createPageRenderer({
    ...options,
    onError: (error) => app.log.error({ err: error }, "a page failed to render"),
  });
  const {
    cached,
    answer,
    publicOrPreview,
    withFormOutcome,
    notFound,
    updatesPage,
    publishedSnapshot,
  } = createPageAnswers({ ...options, content, render, negotiator });

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
        const snapshot = await publishedSnapshot();
        const path = publishedPath(route.path, params, snapshot);
        if (path === undefined) return notFound(request, reply);
        const target: RenderTarget = { path, data: false };
        markVisit(
          request,
          route.resource
            ? CALENDAR_DOWNLOAD
            : {
                kind: "page",
                path,
                name: (snapshot ?? seedSnapshot()).events.find(
                  (event) => event.slug === params["slug"],
                )?.title,
              },
        );
        return route.resource
          ? answer(`doc ${path}`, target, PUBLIC_ANSWER, request, reply)
          : publicOrPreview(`doc ${path}`, target, PUBLIC_ANSWER, request, reply);
      },
    });
  };

  /** The contact page for an Inquire: about the course its number names, when published. */
  const inquirePage = async (
    documentKey: string,
    target: RenderTarget,
    renderOptions: RenderOptions,
    asked: string | null,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const number = inquiredCourse(asked);
    const courses =
      number === undefined ? undefined : ((await publishedSnapshot()) ?? seedSnapshot()).courses;
    const course = courses?.some((candidate) => candidate.id === number) ? number : undefined;
    const key = `${documentKey} inquire${course === undefined ? "" : ` ${course}`}`;
    const inquire = course === undefined ? {} : { course };
    return answer(key, target, renderOptions, request, reply, { inquire });
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
    const visitMark = visitMarkOf(route.path, staff, route.resource);

    if (options.claim(route.path)) {
      app.route({
        method: ["GET", "HEAD"],
        url: route.path,
        handler: (request, reply) => {
          if (visitMark) markVisit(request, visitMark);
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
          // Inquire without JavaScript: the contact page with the Message prefilled and the
          // course named, one more cached answer per contact page and published course (any
          // other value gets the page prefilled without a course).
          if (FORM_PAGES[route.path as FormPage] === "contact") {
            const query = queryOf(request.url);
            if (query?.has(INQUIRE_PARAM)) {
              const asked = query.get(INQUIRE_PARAM);
              return inquirePage(documentKey, documentTarget, renderOptions, asked, request, reply);
            }
          }
          return publicOrPreview(documentKey, documentTarget, renderOptions, request, reply);
        },
      });
      if (!staff) warmTargets.push({ key: documentKey, target: documentTarget });
      // Without a query, a public page's answer is the cached one: also at the front door.
      // Not `/`, which the first-variant hook may redirect, and not resources (feeds, files).
      if (!staff && !route.resource && route.path !== "/") {
        options.frontDoor?.add(route.path, {
          entry: () => {
            const page = cached(documentKey, documentTarget, renderOptions);
            if (page instanceof Promise) {
              // Left to the full path, which waits for the same render (and its failure).
              page.catch(() => undefined);
              return undefined;
            }
            return page.status === 200 ? page.entry : undefined;
          },
          mark: visitMark,
        });
      }
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

let bundledServerBuild: ServerBuild | undefined;

/**
 * Hands over the server build when it is bundled with this code (build/server-bundle.js,
 * decision 039), so `loadServerBuild` does not load a second copy from its file. Called by the
 * bundle's entry, which scripts/bundle-server.mjs writes.
 *
 * @public
 */
export function provideServerBuild(build: ServerBuild): void {
  bundledServerBuild = build;
}

/** Loads `build/server/index.js` (or another server build) as React Router's `ServerBuild`. */
export async function loadServerBuild(file: string): Promise<ServerBuild> {
  if (bundledServerBuild) return bundledServerBuild;
  const { pathToFileURL } = await import("node:url");
  return (await import(pathToFileURL(file).href)) as ServerBuild;
}
