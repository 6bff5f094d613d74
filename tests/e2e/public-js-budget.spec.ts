/**
 * No public route loads the admin pages' code or the zod validation library, and none grows past
 * a regression guard on its JavaScript (gzip-encoded, as transferred). Pages without interactive
 * parts load none at all (asserted in page-speed.spec.ts). The target of 100 KiB (docs/product.md
 * section 12) is below what React 19 + React Router 8 load before any site code on a page that
 * hydrates (about 105 KiB), so for those pages it is reported here and by bench/lighthouse.mjs
 * rather than asserted; see docs/decisions/013-inline-css-and-hydration-on-demand.md.
 */
import { expect, test, type Page, type Response } from "@playwright/test";
import { GzipSizes, KIB, adminOnlyChunks, browserManifest } from "./support/js-assets";
import { openPage } from "./support/page";
import { ADMIN_PAGE, nativeViewport, publicPaths } from "./support/routes";

/** The target of docs/product.md section 12, printed beside each route's figure. */
const TARGET_KIB = 100;
/** Asserted: today's largest route (home desktop, ~125 KiB) plus a little room. */
const BUDGET_KIB = 128;

/** Text that only the zod library's code contains (its class and error names survive minifying). */
const ZOD_MARKERS = ["$ZodType", "ZodError"];

/**
 * Texts only the admin code contains (docs/product.md section 5.1): they catch admin modules that a
 * public route imports, which the bundler would put in a chunk shared with the admin route.
 */
const ADMIN_MARKERS = [
  "Are you sure you want to delete this update?",
  "Failed to update featured status",
];

interface ChunkContents {
  zod: boolean;
  admin: boolean;
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

test("every public route stays within the JavaScript guard and loads no admin or zod code", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
  const manifest = await browserManifest(request);
  const adminChunks = adminOnlyChunks(manifest);
  const sizes = new GzipSizes();

  // The admin page really loads its own chunks (otherwise the check below would prove nothing);
  // chunks it imports lazily, outside React Router's manifest, count as admin code too.
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

  // The admin texts really are in the admin code (otherwise their absence below proves nothing).
  const adminSources = await Promise.all(
    adminScripts.map(async (url) => (await request.get(url)).text()),
  );
  expect(
    ADMIN_MARKERS.every((marker) => adminSources.some((source) => source.includes(marker))),
    "the admin page's scripts contain the admin texts",
  ).toBe(true);

  const rows: string[] = [];
  const problems: string[] = [];
  const chunkContents = new Map<string, ChunkContents>();
  for (const path of publicPaths) {
    await test.step(path, async () => {
      const viewport = nativeViewport(path);
      if (page.viewportSize()?.width !== viewport.width) {
        await page.goto("about:blank");
        await page.setViewportSize(viewport);
      }
      const scripts = await scriptsLoadedBy(page, path, origin);
      const total = await sizes.total(scripts);
      const kib = total / KIB;
      const versusTarget =
        kib <= TARGET_KIB ? "within target" : `+${(kib - TARGET_KIB).toFixed(1)} KiB over target`;
      rows.push(
        `${path.padEnd(28)} ${kib.toFixed(1).padStart(6)} KiB  ${scripts.length} files  ${versusTarget}`,
      );
      if (kib > BUDGET_KIB) {
        const detail = await Promise.all(
          scripts.map(
            async (url) =>
              `${new URL(url).pathname} ${((await sizes.of(url)) / KIB).toFixed(1)} KiB`,
          ),
        );
        problems.push(
          `${path}: ${kib.toFixed(1)} KiB gzip JavaScript > ${BUDGET_KIB} KiB\n    ${detail.join("\n    ")}`,
        );
      }
      const admin = scripts.filter((url) => adminChunks.has(new URL(url).pathname));
      if (admin.length > 0) problems.push(`${path}: loads admin code ${admin.join(", ")}`);
      for (const url of scripts) {
        let contents = chunkContents.get(url);
        if (!contents) {
          const source = await (await request.get(url)).text();
          contents = {
            zod: ZOD_MARKERS.some((marker) => source.includes(marker)),
            admin: ADMIN_MARKERS.some((marker) => source.includes(marker)),
          };
          chunkContents.set(url, contents);
        }
        const chunk = new URL(url).pathname;
        if (contents.zod) problems.push(`${path}: loads zod code in ${chunk}`);
        if (contents.admin && !adminChunks.has(chunk)) {
          problems.push(`${path}: loads admin texts in ${chunk}`);
        }
      }
    });
  }
  console.log(
    `gzip JavaScript per route (target ${TARGET_KIB} KiB, guard ${BUDGET_KIB} KiB) at ${baseURL}:\n${rows.join("\n")}`,
  );
  expect(problems, problems.join("\n")).toEqual([]);
});
