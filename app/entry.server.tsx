/**
 * How React renders a document on the server. The server renders each page once per content
 * version and keeps it (server/render/, docs/decisions/016), so the whole document is rendered
 * before it is answered (React's `onAllReady`, as for crawlers): nothing is gained by streaming
 * a page that is read to its end and cached.
 *
 * The contexts the server fills for every render are exported here, where the server finds them
 * in the server build (`build.entry.module`).
 */
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { RenderMark, renderMarkContext } from "~/lib/render-mark";

export { contentContext } from "~/content/context";
export { featuredContext } from "~/lib/featured-context";
export { formOutcomeContext, inquireContext } from "~/lib/form-outcome-context";
export { siteOriginContext } from "~/lib/site-origin";
export { renderMarkContext } from "~/lib/render-mark";
export { renderTimeContext } from "~/lib/render-time";
export { siteTimeZoneContext } from "~/lib/site-time-zone";
export { publishedUpdatesContext } from "~/lib/updates-context";

/** How long React Router waits for deferred loader data before giving up on it. */
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext?: RouterContextProvider,
): Response | Promise<Response> {
  if (request.method === "HEAD") return new Response(null, { status, headers });
  // Every inline script of the page carries the render's mark (app/lib/render-mark.ts).
  const mark = loadContext?.get(renderMarkContext) ?? undefined;
  return new Promise((resolve, reject) => {
    let renderError = false;
    const { pipe, abort } = renderToPipeableStream(
      <RenderMark.Provider value={mark}>
        <ServerRouter context={routerContext} url={request.url} nonce={mark} />
      </RenderMark.Provider>,
      {
        ...(mark ? { nonce: mark } : {}),
        onAllReady() {
          clearTimeout(timeout);
          const body = new PassThrough();
          headers.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              status: renderError ? 500 : status,
              headers,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          // A part of the page failed after the shell: the page is not served as a success (and
          // so not cached). React Router logs errors of the shell itself.
          renderError = true;
          console.error(error);
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1_000);
  });
}
