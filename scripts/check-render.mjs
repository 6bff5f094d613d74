// Renders every path of the route table once with the seeded content, as the server will
// (server/render/, docs/decisions/016-server-rendering-in-fastify.md), and fails the build when
// a page does not render, names a stylesheet the client build lacks, or carries a React Router
// bootstrap of a shape the deferred hydration does not know (e.g. after an upgrade), or when a
// public page carries React Router's runtime or has islands without the island script
// (docs/decisions/024). Runs after the islands' Vite build too.
// Runs after `tsc -p tsconfig.server.json`. Usage: node scripts/check-render.mjs
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const compiled = (file) => pathToFileURL(path.join(root, "build/api/server/render", file)).href;
const { createPageRenderer } = await import(compiled("page-renderer.js"));
const { siteRoutes } = await import(compiled("router-request.js"));
const { readIslandEntryUrl } = await import(compiled("island-entry.js"));
const build = await import(pathToFileURL(path.join(root, "build/server/index.js")).href);
const { seedSnapshot } = await import(
  pathToFileURL(path.join(root, "build/api/common/content/snapshot.js")).href
);

// An address with parameters (/events/:slug) renders for a published event: the seed's first
// event keeps its own address, so a copy of it under another slug stands in.
const SAMPLE_SLUG = "check-render-sample";
const seed = seedSnapshot();
const withSample = { ...seed, events: [...seed.events, { ...seed.events[0], slug: SAMPLE_SLUG }] };

const stylesheets = new Map();
for (const route of Object.values(build.assets.routes)) {
  for (const href of route.css ?? []) {
    stylesheets.set(href, await readFile(path.join(root, "build/client", href), "utf8"));
  }
}
const islandEntry = await readIslandEntryUrl(path.join(root, "build/client"));
if (!islandEntry) {
  console.error("check-render: no island build in build/client/islands (vite.islands.config.ts)");
  process.exit(1);
}
const render = createPageRenderer({
  islandEntry,
  build,
  origin: "http://localhost",
  https: false,
  cssOf: (href) => {
    const css = stylesheets.get(href);
    if (css === undefined) throw new Error(`${href} is not in the client build`);
    return css;
  },
});

const problems = [];
const lines = [];
for (const route of siteRoutes(build)) {
  // Pages with parameters have no single-fetch twin (server/render/page-routes.ts).
  const targets = route.resource || route.parameters ? [false] : [false, true];
  for (const data of targets) {
    const where = `${route.path}${data ? " (data)" : ""}`;
    const target = route.parameters
      ? { path: route.path.replace(":slug", SAMPLE_SLUG), data }
      : { path: route.path, data };
    const values = route.parameters ? { content: withSample } : {};
    try {
      const page = await render(target, values, { cacheControl: "no-cache" });
      const body = page.entry.identity.body.toString("utf8");
      if (page.status !== 200) problems.push(`${where}: status ${page.status}`);
      else if (!data && /<link rel="stylesheet" href="[^"]+"\/>/.test(body)) {
        problems.push(`${where}: a stylesheet link was not inlined`);
      }
      if (!data && !route.resource && !route.path.startsWith("/admin")) {
        // Public pages: no router runtime; the island script exactly when there is an island.
        if (body.includes("__reactRouter")) problems.push(`${where}: loads React Router's runtime`);
        const islands = body.includes(" data-island=");
        // Named in a data block that the page's inline script turns into a module script.
        const named = body.includes(`data-island-entry="">${JSON.stringify(islandEntry)}<`);
        if (islands !== named) {
          problems.push(
            `${where}: ${islands ? "islands without" : "no island but"} the island script`,
          );
        }
      }
      if (!data) lines.push(`  ${route.path}: ${(body.length / 1024).toFixed(1)} KiB`);
    } catch (error) {
      problems.push(`${where}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
if (problems.length > 0) {
  console.error(`check-render: ${problems.length} problem(s)\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(`check-render: ${lines.length} path(s) render\n${lines.join("\n")}`);
