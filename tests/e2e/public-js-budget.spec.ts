/**
 * Public pages carry no router runtime and little JavaScript (docs/product.md section 12,
 * docs/decisions/024): a page loads scripts only from the island build (`/islands/`), never one
 * of React Router's chunks (`/assets/`, the staff pages' client application), none at all when it
 * has no island, no admin or zod code, and stays within a guard on its JavaScript: the sum of
 * each script gzipped at level 9 by node's zlib, so the figure does not depend on the compressor
 * that made the server's copies (its `.gz` are Zopfli's, a little smaller). The guard is the
 * target of docs/product.md section 12, 70 KiB (decisions 024, 036 and 043).
 */
import { expect, test, type Page, type Response } from "@playwright/test";
import { GzipSizes, KIB, adminOnlyChunks, browserManifest } from "./support/js-assets";
import { openPage } from "./support/page";
import { ADMIN_PAGE, nativeViewport, publicPaths } from "./support/routes";

/**
 * The target of docs/product.md section 12, asserted at gzip level 9 (decision 043): the largest
 * route (home desktop: strip, carousel, video) weighs 69.2 KiB so, 71.9 KiB before React's
 * production build was bundled as ES modules.
 */
const BUDGET_KIB = 70;

/** Where the island build's files are served (vite.islands.config.ts). */
const ISLAND_PREFIX = "/islands/";

/** Text that only the zod library's code contains (its class and error names survive minifying). */
const ZOD_MARKERS = ["$ZodType", "ZodError"];

/** Text in React Router's browser runtime (its globals `__reactRouterContext`, `…RouteModules`). */
const ROUTER_MARKER = "__reactRouter";

/**
 * Texts only the admin code contains (docs/product.md section 5.1), from the staff shell's lock
 * screen and the staff home (ADMIN_PAGE, `/admin`): they catch admin modules that a public route
 * imports, which the bundler would put in a chunk shared with the admin route.
 */
const ADMIN_MARKERS = ["Forgot your password?", "Fold the list away"];

/**
 * V8's hint that every function of the file runs at load, so it is compiled at once instead of
 * lazily during hydration (decision 053): the first line of every island chunk but Vite's own.
 */
const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

interface ChunkContents {
  zod: boolean;
  admin: boolean;
  router: boolean;
  compileHint: boolean;
}

/**
 * Counts, from before any page script runs, every `Intl` object made and every locale
 * formatting call (`toLocaleString` and the like): the first ones cost 20-40 ms on a phone, so
 * the islands make none while the page loads (decision 053), only when asked later.
 */
function countLocaleWork(): void {
  const counter = window as unknown as { __localeWork: string[] };
  counter.__localeWork = [];
  const note = (name: string) => counter.__localeWork.push(name);
  const intl = Intl as unknown as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(Intl)) {
    const original = intl[name];
    if (typeof original !== "function" || !/^[A-Z]/.test(name)) continue;
    intl[name] = new Proxy(original, {
      construct(target, args, newTarget) {
        note(`Intl.${name}`);
        return Reflect.construct(target as new (...a: unknown[]) => object, args, newTarget);
      },
      apply(target, self, args) {
        note(`Intl.${name}`);
        return Reflect.apply(target as (...a: unknown[]) => unknown, self, args);
      },
    });
  }
  const prototypes: [object, string[]][] = [
    [Number.prototype, ["toLocaleString"]],
    [Date.prototype, ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"]],
  ];
  for (const [prototype, names] of prototypes) {
    const methods = prototype as Record<string, (...args: unknown[]) => unknown>;
    for (const name of names) {
      const original = methods[name]!;
      methods[name] = function (this: unknown, ...args: unknown[]) {
        note(name);
        return original.apply(this, args);
      };
    }
  }
}

/** Opens `path` and returns the same-origin JavaScript files the page loaded, in load order. */
async function scriptsLoadedBy(page: Page, path: string, origin: string): Promise<string[]> {
  const scripts = new Set<string>();
  const onResponse = (response: Response) => {
    const url = new URL(response.url());
    const isScript = url.pathname.endsWith(".js") || response.request().resourceType() === "script";
    if (url.origin === origin && isScript) scripts.add(`${url.origin}${url.pathname}`);
  };
  page.on("response", onResponse);
  try {
    await openPage(page, path);
    if (path === ADMIN_PAGE) await page.getByLabel("Password", { exact: true }).waitFor();
  } finally {
    page.off("response", onResponse);
  }
  return [...scripts];
}

test("public routes load no router runtime, no script without an island, no locale work while loading, and stay within the JavaScript guard", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
  const manifest = await browserManifest(request);
  const adminChunks = adminOnlyChunks(manifest);
  const sizes = new GzipSizes();

  // The admin page really loads React Router and its own chunks (otherwise the checks below
  // would prove nothing); chunks it imports lazily, outside the manifest, count as admin code.
  await page.setViewportSize(nativeViewport(ADMIN_PAGE));
  const adminScripts = await scriptsLoadedBy(page, ADMIN_PAGE, origin);
  const known = new Set<string>([
    manifest.entry.module,
    ...(manifest.entry.imports ?? []),
    ...Object.values(manifest.routes).flatMap((route) => [route.module, ...(route.imports ?? [])]),
  ]);
  for (const script of adminScripts) {
    const path = new URL(script).pathname;
    if (!known.has(path) && !/\/manifest-[^/]+\.js$/.test(path)) adminChunks.add(path);
  }
  expect(
    adminScripts.some((script) => adminChunks.has(new URL(script).pathname)),
    `the admin page loads none of its own chunks (${[...adminChunks].join(", ")})`,
  ).toBe(true);
  const adminSources = await Promise.all(
    adminScripts.map(async (url) => (await request.get(url)).text()),
  );
  expect(
    ADMIN_MARKERS.every((marker) => adminSources.some((source) => source.includes(marker))),
    "the admin page's scripts contain the admin texts",
  ).toBe(true);
  expect(
    adminSources.some((source) => source.includes(ROUTER_MARKER)),
    "the admin page's scripts contain React Router's runtime",
  ).toBe(true);

  await page.addInitScript(countLocaleWork);
  const rows: string[] = [];
  const problems: string[] = [];
  const chunkContents = new Map<string, ChunkContents>();
  let pagesWithIslands = 0;
  for (const path of publicPaths) {
    await test.step(path, async () => {
      const viewport = nativeViewport(path);
      if (page.viewportSize()?.width !== viewport.width) {
        await page.goto("about:blank");
        await page.setViewportSize(viewport);
      }
      const scripts = await scriptsLoadedBy(page, path, origin);
      const islands = await page.locator("[data-island]").count();
      if (islands > 0) pagesWithIslands++;
      // The page is loaded and its islands hydrated (openPage waits for them).
      const localeWork = await page.evaluate(
        () => (window as unknown as { __localeWork: string[] }).__localeWork,
      );
      if (localeWork.length > 0) {
        problems.push(`${path}: locale work while loading: ${localeWork.join(", ")}`);
      }
      const total = await sizes.total(scripts);
      const kib = total / KIB;
      const versusBudget =
        kib <= BUDGET_KIB
          ? `${(BUDGET_KIB - kib).toFixed(1)} KiB to spare`
          : `+${(kib - BUDGET_KIB).toFixed(1)} KiB over`;
      rows.push(
        `${path.padEnd(28)} ${kib.toFixed(1).padStart(6)} KiB  ${scripts.length} files  ${islands} islands  ${versusBudget}`,
      );
      if (islands === 0 && scripts.length > 0) {
        problems.push(`${path}: no island, yet loads ${scripts.join(", ")}`);
      }
      if (kib > BUDGET_KIB) {
        const detail = await Promise.all(
          scripts.map(
            async (url) =>
              `${new URL(url).pathname} ${((await sizes.of(url)) / KIB).toFixed(1)} KiB`,
          ),
        );
        problems.push(
          `${path}: ${kib.toFixed(1)} KiB JavaScript (gzip -9) > ${BUDGET_KIB} KiB\n    ${detail.join("\n    ")}`,
        );
      }
      for (const url of scripts) {
        const chunk = new URL(url).pathname;
        if (!chunk.startsWith(ISLAND_PREFIX)) {
          problems.push(`${path}: loads ${chunk}, not from the island build`);
        }
        if (adminChunks.has(chunk)) problems.push(`${path}: loads admin code ${chunk}`);
        let contents = chunkContents.get(url);
        if (!contents) {
          const source = await (await request.get(url)).text();
          contents = {
            zod: ZOD_MARKERS.some((marker) => source.includes(marker)),
            admin: ADMIN_MARKERS.some((marker) => source.includes(marker)),
            router: source.includes(ROUTER_MARKER),
            compileHint: source.split("\n", 3).includes(COMPILE_HINT),
          };
          chunkContents.set(url, contents);
        }
        if (contents.zod) problems.push(`${path}: loads zod code in ${chunk}`);
        if (contents.admin) problems.push(`${path}: loads admin texts in ${chunk}`);
        if (contents.router) problems.push(`${path}: loads React Router's runtime in ${chunk}`);
        if (chunk.startsWith(ISLAND_PREFIX) && !contents.compileHint) {
          problems.push(`${path}: ${chunk} lacks the compile hint (${COMPILE_HINT})`);
        }
      }
    });
  }
  console.log(
    `JavaScript per route, each script gzipped at level 9 (budget ${BUDGET_KIB} KiB) at ${baseURL}:\n${rows.join("\n")}`,
  );
  // The islands really are on the pages (otherwise "no router runtime" would prove little).
  expect(pagesWithIslands).toBeGreaterThan(5);
  // And the count of locale work really counts (otherwise "none while loading" would prove nothing).
  const counted = await page.evaluate(() => {
    new Intl.DateTimeFormat("en-US").format(0);
    (5000).toLocaleString("en-US");
    return (window as unknown as { __localeWork: string[] }).__localeWork;
  });
  expect(counted).toEqual(["Intl.DateTimeFormat", "toLocaleString"]);
  expect(problems, problems.join("\n")).toEqual([]);
});
