import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import {
  ACCOUNT_LINK_MODULES,
  ADMIN_MODULES,
  ADMIN_SHELL_MODULE,
  EVENT_ROUTES,
  FIXED_REDIRECTS,
  NOT_FOUND_MODULE,
  RESOURCE_FILES,
  SINGLE_SCREENS,
  VARIANT_PATHS,
  VARIANT_REDIRECTS,
} from "./route-paths";

// Built from the route table in route-paths.ts: add or rename a path there, not here.

const VARIANT_REDIRECT_MODULE = "width-switching/variant-redirect.tsx";
const FIXED_REDIRECT_MODULE = "width-switching/menu-redirect.tsx";

/** "routes/about-mobile.tsx" for "/about-mobile". */
const screenModule = (path: string) => `routes${path}.tsx`;

export default [
  // Width-dependent redirects share one module; `id` keeps the routes apart.
  ...Object.entries(VARIANT_REDIRECTS).map(([path, screen]) =>
    path === "/"
      ? index(VARIANT_REDIRECT_MODULE, { id: `redirect-${screen}` })
      : route(path.slice(1), VARIANT_REDIRECT_MODULE, { id: `redirect-${screen}` }),
  ),
  ...Object.keys(FIXED_REDIRECTS).map((path) => route(path.slice(1), FIXED_REDIRECT_MODULE)),
  ...[...VARIANT_PATHS, ...SINGLE_SCREENS].map((path) => route(path.slice(1), screenModule(path))),
  // Resource routes rendered by the server as files, such as the events' calendar.
  ...Object.entries(RESOURCE_FILES).map(([path, module]) => route(path.slice(1), module)),
  // One page and one calendar file per published event.
  ...Object.entries(EVENT_ROUTES).map(([path, module]) => route(path.slice(1), module)),
  // One-time links (the owner's setup), outside the shell: no session yet.
  ...Object.entries(ACCOUNT_LINK_MODULES).map(([path, module]) => route(path.slice(1), module)),
  // Every other path: the 404 screen with the site around it (its loader answers 404).
  route("*", NOT_FOUND_MODULE),
  // Every staff page sits in the staff shell, a layout route without a path of its own (it adds
  // no segment; /admin is the staff home). Two staff paths share one module; `id` keeps the
  // routes apart.
  layout(
    ADMIN_SHELL_MODULE,
    Object.entries(ADMIN_MODULES).map(([path, module]) =>
      route(path.slice(1), module, { id: path.slice(1).replace(/[^a-z0-9]+/g, "-") }),
    ),
  ),
] satisfies RouteConfig;
