import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  routeDiscovery: { mode: "initial" },
  // One chunk per route module: the staff pages' clientLoader and HydrateFallback are a few
  // lines, and split chunks cost public pages bytes in the route manifest.
  splitRouteModules: false,
} satisfies Config;
