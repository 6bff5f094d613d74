import type { FastifyReply, FastifyRequest } from "fastify";
import { seedSnapshot, type ContentSnapshot } from "../../common/content/snapshot.js";
import type { FormOutcome } from "../../common/form-outcome.js";
import { UPDATES_PAGE_PARAM, updatesPageNumber } from "../../common/updates.js";
import type { EncodingNegotiator } from "../web/accept-encoding.js";
import { serve } from "../web/serve.js";
import { CACHE_HTML } from "../web/static-entries.js";
import type { ContentSource, FeaturedSource, FeaturedState } from "./content-source.js";
import { createEventClock } from "./event-clock.js";
import { DEFAULT_SITE_TIME_ZONE } from "../../common/site-year.js";
import { yearIn } from "../../common/zoned-time.js";
import type { PageRenderer, RenderOptions, RenderValues, RenderedPage } from "./page-renderer.js";
import { previewLinksOf } from "./preview-banner.js";
import { RenderCache } from "./render-cache.js";
import { markVisit, type VisitMark } from "../statistics/visit-marks.js";
import type { RenderTarget } from "./router-request.js";

/*
 * How a rendered page is answered (docs/decisions/016, 021, 023, 027): from the render cache
 * per content, updates and event-clock generation; as a staff preview with the drafts; with a
 * form's outcome; as the 404 screen. The routes that use these are in page-routes.ts.
 */

/** The query parameter that asks for a page with the staff's drafts (`/about-desktop?preview`). */
const PREVIEW_PARAM = "preview";

/** Rendered for every unknown path; matches no route, so React Router answers its 404 screen. */
const NOT_FOUND_PATH = "/__not-found";

const MISSING_PAGE: VisitMark = { kind: "missing" };

const NOINDEX = { "x-robots-tag": "noindex" } as const;
export const PUBLIC_ANSWER: RenderOptions = { cacheControl: CACHE_HTML };
export const STAFF_SHELL: RenderOptions = { cacheControl: CACHE_HTML, extraHeaders: NOINDEX };
const NOT_FOUND_ANSWER: RenderOptions = { cacheControl: CACHE_HTML, etag: false };
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
/** A preview is the staff member's own: never stored by a browser, proxy or this server. */
const PREVIEW_ANSWER: RenderOptions = {
  cacheControl: "no-store",
  extraHeaders: NOINDEX,
  etag: false,
  compress: false,
};

export function queryOf(url: string): URLSearchParams | undefined {
  const mark = url.indexOf("?");
  return mark === -1 ? undefined : new URLSearchParams(url.slice(mark + 1));
}

export interface PageAnswerOptions {
  readonly content: ContentSource;
  readonly render: PageRenderer;
  readonly negotiator: EncodingNegotiator;
  /** The featured updates and every published one. */
  readonly featured?: FeaturedSource;
  /** True when the request carries a live staff session (for `?preview`). */
  readonly isStaff?: (request: FastifyRequest) => Promise<boolean>;
  /** The outcome of a form posted without JavaScript that `?form=ID` names for `page`, once. */
  readonly takeFormOutcome?: (page: string, id: string) => Promise<FormOutcome | undefined>;
  /** Where a missing path is redirected to (docs/product.md 5.8), if anywhere. */
  readonly redirects?: MissingPathRedirects;
  /** `SITE_TIME_ZONE`: every page is rendered again when the year turns there (the footer's). */
  readonly timeZone?: string;
}

/** The redirects staff keep for missing paths (server/redirects/). */
export interface MissingPathRedirects {
  find(path: string): Promise<{ id: string; to: string } | undefined>;
  /** Notes that a redirect was followed (its hits); never delays the answer. */
  followed(id: string): void;
}

/** Browsers may keep a redirect a while, not for ever: staff can remove it. */
const REDIRECT_CACHE_CONTROL = "public, max-age=300";

/**
 * The render cache's generation: the content version, the featured lists' version, the event
 * clock's epoch and the footer's year (at midnight of 1 January in the site's zone every page is
 * stale). Asked on every page request, so the parts are compared with the last ones instead of
 * being joined again, and the year is worked out once a minute (a zone's midnight falls on a
 * whole minute): formatting it took about 2 µs, a tenth of a cached page's whole answer.
 */
function createGenerations(timeZone: string) {
  let minute = Number.NaN;
  let year = 0;
  let last = { version: "" as string | number, featured: "", epoch: -1, year: 0, generation: "" };
  return (now: number, version: string | number, featured: string, epoch: number): string => {
    const at = Math.floor(now / 60_000);
    if (at !== minute) {
      minute = at;
      year = yearIn(now, timeZone);
    }
    if (
      version !== last.version ||
      featured !== last.featured ||
      epoch !== last.epoch ||
      year !== last.year
    ) {
      const generation = `${version}\u0000${featured}\u0000${epoch}\u0000${year}`;
      last = { version, featured, epoch, year, generation };
    }
    return last.generation;
  };
}

export function createPageAnswers(options: PageAnswerOptions) {
  const { content, render, negotiator } = options;
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
  const generationAt = createGenerations(options.timeZone ?? DEFAULT_SITE_TIME_ZONE);
  const cached = (
    key: string,
    target: RenderTarget,
    renderOptions: RenderOptions,
    extra: Pick<RenderValues, "inquire"> = {},
  ): RenderedPage | Promise<RenderedPage> => {
    const withFeatured = (featured: FeaturedState | undefined) => {
      const now = Date.now();
      const generation = generationAt(
        now,
        content.version(),
        featured?.version ?? "",
        eventClock.epochAt(now),
      );
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
      {
        ...PREVIEW_ANSWER,
        previewOf: previewLinksOf(target.path, queryOf(request.url)?.get(PREVIEW_PARAM)),
      },
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
  const missing = (request: FastifyRequest, reply: FastifyReply, data: boolean) => {
    // A missing page a person asked for: the statistics list it, so staff can redirect it.
    markVisit(request, data ? null : MISSING_PAGE);
    const target: RenderTarget = { path: NOT_FOUND_PATH, data };
    return answer(data ? "404 data" : "404", target, NOT_FOUND_ANSWER, request, reply);
  };

  /** A path staff redirected answers 301 to its target; any other unknown path the 404 screen. */
  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split("?", 1)[0]!;
    const data = path.endsWith(".data");
    const { redirects } = options;
    if (data || !redirects) return missing(request, reply, data);
    return redirects.find(path).then(
      (redirect) => {
        if (!redirect) return missing(request, reply, data);
        redirects.followed(redirect.id);
        return reply
          .code(301)
          .header("location", redirect.to)
          .header("cache-control", REDIRECT_CACHE_CONTROL)
          .send();
      },
      (error: unknown) => {
        request.log.warn({ err: error }, "redirects: cannot read them; answering 404");
        return missing(request, reply, data);
      },
    );
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

  return {
    cached,
    answer,
    publicOrPreview,
    withFormOutcome,
    notFound,
    updatesPage,
    publishedSnapshot,
  };
}
