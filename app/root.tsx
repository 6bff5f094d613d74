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
import { SiteHeader } from "~/components/PageLayout";
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
import { yearIn } from "#common/zoned-time";
import { EVENTS_PATH, variantPath } from "~/route-paths";
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
 * it turns); and that zone itself, whose days the staff pages' statistics count in.
 */
export function loader({ context }: Route.LoaderArgs) {
  const timeZone = siteTimeZone(context);
  return {
    origin: context.get(siteOriginContext) ?? SITE_URL,
    layout: layoutContent(loadContent(context), yearIn(renderTime(context), timeZone)),
    timeZone,
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
 * When the root loader failed the screen has no content: its way home then keeps the seed's
 * words (common/content/seed/site.ts), without pulling the seed into every page's JavaScript.
 */
const ERROR_HOME_LINK_WITHOUT_CONTENT = "Go to the start page";

/** The error screen's ways on (with the site's content): home, the events, contact. */
const NOT_FOUND_LINKS = [
  { label: "Events", to: EVENTS_PATH },
  { label: "Contact Us", to: variantPath("contact", "desktop") },
] as const;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Rendered by the server like any page (the 404 screen of unknown paths, which the splat route
  // routes/not-found.tsx answers so that the root loader runs), and in the browser after a
  // client-side navigation fails. Absent only when the root loader itself failed: then the
  // screen has no header or footer.
  const layout = useRouteLoaderData<typeof loader>("root")?.layout;
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText || (error.status === 404 ? "Not Found" : "")}`.trim()
    : error instanceof Error
      ? error.message
      : "Unknown error";
  const links = [
    { label: layout?.ui.errorHomeLink ?? ERROR_HOME_LINK_WITHOUT_CONTENT, to: "/" },
    ...(layout ? NOT_FOUND_LINKS : []),
  ];
  return (
    <>
      {layout ? <SiteHeader variant="responsive" /> : null}
      <main id="main" className="error-screen">
        <h1>Unexpected Application Error!</h1>
        <p>{detail}</p>
        <ul className="error-links">
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </main>
      {layout ? <Footer variant="desktop" /> : null}
    </>
  );
}
