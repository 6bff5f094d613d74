import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { Footer } from "~/components/Footer";
import { Navbar } from "~/components/Navbar";
import { loadContent } from "~/content/load.server";
import { DevIslandScripts } from "~/islands/DevIslandScripts";
import { layoutContent } from "~/content/slices";
import { usePageHydrates } from "~/lib/hydration";
import { LiveRegionProvider } from "~/lib/live-region";
import { useRenderMark } from "~/lib/render-mark";
import { SITE_URL } from "~/lib/seo";
import { siteOriginContext } from "~/lib/site-origin";
import { renderTime } from "~/lib/render-time";
import { siteTimeZone } from "~/lib/site-time-zone";
import { yearIn } from "#common/site-year";
import { staticPageScript } from "~/width-switching/static-page-script";
import { useViewportSwitch } from "~/width-switching/use-viewport-switch";
import "~/styles/global.css";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * The site's origin for the pages' absolute URLs (`originOf` in app/lib/seo.ts) and the site
 * settings every page's frame shows (navbar, header, footer, shared controls), with the footer's
 * year in the site's time zone at the render's moment (the server renders every page again when
 * it turns).
 */
export function loader({ context }: Route.LoaderArgs) {
  return {
    origin: context.get(siteOriginContext) ?? SITE_URL,
    layout: layoutContent(loadContent(context), yearIn(renderTime(context), siteTimeZone(context))),
  };
}

/** Pages set their own; this title is for the error screen and the staff pages' shell. */
export const meta: Route.MetaFunction = ({ error, loaderData }) => {
  const siteName = loaderData?.layout.seo.siteName;
  const errorTitle = "Unexpected Application Error!";
  return [{ title: error ? [errorTitle, siteName].filter(Boolean).join(" | ") : (siteName ?? "") }];
};

export function Layout({ children }: { children: ReactNode }) {
  const hydrates = usePageHydrates();
  const { pathname } = useLocation();
  // The server allows only the inline scripts that carry it (app/lib/render-mark.ts).
  const mark = useRenderMark();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        {children}
        {hydrates ? (
          <>
            {/* Restores the scroll position on back/forward and scrolls to the top on link navigation. */}
            <ScrollRestoration nonce={mark} />
            <Scripts nonce={mark} />
          </>
        ) : import.meta.env.SSR ? (
          <>
            {/* A public page ships no framework JavaScript (docs/product.md section 12); its islands, if any, hydrate through the island entry. */}
            <script nonce={mark} dangerouslySetInnerHTML={{ __html: staticPageScript(pathname) }} />
            {import.meta.env.MODE === "development" ? <DevIslandScripts /> : null}
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  useViewportSwitch();
  return (
    <LiveRegionProvider>
      <Outlet />
    </LiveRegionProvider>
  );
}

/**
 * An unknown path matches no route, so React Router runs no loader and the screen has no
 * content: its way home then keeps the seed's words (common/content/seed/site.ts), without
 * pulling the seed into every page's JavaScript.
 */
const ERROR_HOME_LINK_WITHOUT_CONTENT = "Go to the start page";

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Rendered by the server like any page (the 404 screen of unknown paths), and in the browser
  // after a client-side navigation fails.
  // Absent when no route matched (an unknown path runs no loader) or the root loader failed:
  // then the screen has no navbar or footer.
  const layout = useRouteLoaderData<typeof loader>("root")?.layout;
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText || (error.status === 404 ? "Not Found" : "")}`.trim()
    : error instanceof Error
      ? error.message
      : "Unknown error";
  return (
    <>
      {layout ? <Navbar /> : null}
      <main id="main" className="error-screen">
        <h1>Unexpected Application Error!</h1>
        <p>{detail}</p>
        <p>
          <Link to="/">{layout?.ui.errorHomeLink ?? ERROR_HOME_LINK_WITHOUT_CONTENT}</Link>
        </p>
      </main>
      {layout ? <Footer variant="desktop" /> : null}
    </>
  );
}
