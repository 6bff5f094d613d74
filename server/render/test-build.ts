/**
 * Test helper: a small React Router server build written by hand (not part of the server
 * build). React Router's real request handler routes, runs the loaders and sets up the context;
 * the entry writes a page that shows what it was given and counts its renders.
 */
import { type ServerBuild, createContext, data } from "react-router";

export const STYLESHEET = "/assets/style-def456.css";

export const contentContext = createContext<{ title: string } | undefined>(undefined);
export const featuredContext = createContext<unknown>(undefined);
export const siteOriginContext = createContext<string | null>(null);
/** As app/lib/site-time-zone.ts: the page shows the zone it was rendered for. */
export const siteTimeZoneContext = createContext<string | null>(null);
/** As app/lib/render-mark.ts: the entry marks the one inline script it writes. */
export const renderMarkContext = createContext<string | null>(null);

export interface TestBuild {
  readonly build: ServerBuild;
  /** How many documents and data answers React Router rendered. */
  readonly renders: { documents: number; data: number };
  /** The next render of /broken fails (500) while this is true. */
  broken: boolean;
}

export function createTestBuild(): TestBuild {
  const state: TestBuild = {
    build: undefined as unknown as ServerBuild,
    renders: { documents: 0, data: 0 },
    broken: false,
  };
  const pageLoader = ({
    context,
    request,
  }: {
    context: Map<unknown, unknown>;
    request: Request;
  }) => {
    const provider = context as unknown as { get<T>(key: unknown): T };
    state.renders.data += new URL(request.url).pathname.endsWith(".data") ? 1 : 0;
    return {
      title: provider.get<{ title: string } | undefined>(contentContext)?.title ?? "Seed title",
      featured: provider.get<unknown>(featuredContext) ?? null,
      origin: provider.get<string | null>(siteOriginContext),
      timeZone: provider.get<string | null>(siteTimeZoneContext),
      url: request.url,
    };
  };
  const component = { default: () => null };
  const routes: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: { ...component, ErrorBoundary: () => null } },
    "routes/page": {
      id: "routes/page",
      parentId: "root",
      path: "page",
      module: { ...component, loader: pageLoader },
    },
    "routes/broken": {
      id: "routes/broken",
      parentId: "root",
      path: "broken",
      module: {
        ...component,
        loader: () => {
          if (state.broken) throw new Error("broken on purpose");
          return data({ ok: true });
        },
      },
    },
    "routes/admin": {
      id: "routes/admin",
      parentId: "root",
      path: "admin/updates",
      module: component,
    },
    "routes/calendar": {
      id: "routes/calendar",
      parentId: "root",
      path: "event.ics",
      module: {
        loader: () =>
          new Response("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", {
            headers: {
              "content-type": "text/calendar; charset=utf-8",
              "content-disposition": 'attachment; filename="event.ics"',
            },
          }),
      },
    },
  } as unknown as ServerBuild["routes"];

  const entry = {
    module: {
      contentContext,
      featuredContext,
      siteOriginContext,
      siteTimeZoneContext,
      renderMarkContext,
      // Replaces React's rendering: the page's loader data, a stylesheet link and a script. The
      // title is written unescaped, as a hole in a renderer would (server/web/csp tests).
      default: (
        _request: Request,
        status: number,
        headers: Headers,
        context: { staticHandlerContext: { loaderData: Record<string, unknown> } },
        loadContext?: { get<T>(key: unknown): T },
      ) => {
        const mark = loadContext?.get<string | null>(renderMarkContext);
        state.renders.documents += 1;
        const loaded = context.staticHandlerContext.loaderData["routes/page"] as
          | {
              title: string;
              featured: unknown;
              origin: string | null;
              timeZone: string | null;
              url: string;
            }
          | undefined;
        headers.set("content-type", "text/html");
        const body = `<!DOCTYPE html><html lang="en"><head><title>${loaded?.title ?? status}</title><link rel="stylesheet" href="${STYLESHEET}"/></head><body><main id="main"><h1>${loaded?.title ?? `Status ${status}`}</h1><p id="url">${loaded?.url ?? ""}</p><p id="origin">${loaded?.origin ?? ""}</p><p id="zone">${loaded?.timeZone ?? ""}</p><p id="featured">${JSON.stringify(loaded?.featured ?? null)}</p></main><script${mark ? ` nonce="${mark}"` : ""}>document.body.dataset.ready="1"</script></body></html>`;
        return new Response(body, { status, headers });
      },
    },
  };
  (state as { build: ServerBuild }).build = {
    entry,
    routes,
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "1" },
    basename: "/",
    publicPath: "/",
    assetsBuildDirectory: "",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  return state;
}
