import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * `/` answered with a redirect chosen on the server, so a phone does not first load the
 * width-rule page only to be sent on (docs/decisions/023-forms-without-javascript.md). The
 * variants are app/route-paths.ts's home pages; the width rule in the browser still corrects a
 * wrong guess (a tablet, a narrow desktop window). Only `/` is redirected here: a `-desktop` or
 * `-mobile` path never is, so no loop is possible.
 */
const HOME = { mobile: "/home-mobile", desktop: "/home-desktop" } as const;

/** Longest User-Agent looked at; the test is a substring search. */
const USER_AGENT_MAX = 512;

/**
 * The variant a request's headers point to: the `Sec-CH-UA-Mobile` client hint (`?1`, `?0`),
 * else a browser User-Agent, mobile when it says "Mobi" (the convention every major mobile
 * browser follows); undefined when neither says anything (a crawler, a script), which then gets
 * the width-rule page as before.
 */
export function firstVariantOf(headers: FastifyRequest["headers"]): keyof typeof HOME | undefined {
  const hint = headers["sec-ch-ua-mobile"];
  if (hint === "?1") return "mobile";
  if (hint === "?0") return "desktop";
  const agent = headers["user-agent"];
  if (typeof agent !== "string" || !agent.startsWith("Mozilla/")) return undefined;
  return agent.slice(0, USER_AGENT_MAX).includes("Mobi") ? "mobile" : "desktop";
}

/** Redirects `GET /` and `HEAD /` by the request's hints (302, kept query, never cached shared). */
export function registerFirstVariantRedirect(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    if (request.method !== "GET" && request.method !== "HEAD") return done();
    const mark = request.url.indexOf("?");
    const path = mark === -1 ? request.url : request.url.slice(0, mark);
    if (path !== "/") return done();
    const variant = firstVariantOf(request.headers);
    if (!variant) return done();
    void reply
      .code(302)
      // The answer depends on these headers: a cache keeps one per value, or none.
      .header("vary", "Sec-CH-UA-Mobile, User-Agent")
      .header("cache-control", "private, no-cache")
      .header("location", `${HOME[variant]}${mark === -1 ? "" : request.url.slice(mark)}`)
      .send();
  });
}
