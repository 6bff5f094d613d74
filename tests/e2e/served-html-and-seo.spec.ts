/**
 * What search engines, link previews and visitors without JavaScript get: the served HTML of
 * every public page (content, title, description, Open Graph, canonical and alternate links,
 * JSON-LD), robots.txt and sitemap.xml, the security and caching headers. Then, in a browser,
 * that every page loads without console errors, hydration warnings or CSP violations and that
 * what React renders is what was served.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { KEY_TEXTS } from "./support/key-texts";
import { collectConsoleProblems, openPage } from "./support/page";
import {
  ADMIN_PAGE,
  EVENT_PAGES,
  HOME_PAGES,
  PUBLIC_PAGES,
  isDesktopPath,
  isMobilePath,
  nativeViewport,
  publicPaths,
  twinOf,
} from "./support/routes";
import {
  type ServedPage,
  fetchServed,
  jsonLdBlocks,
  metaContent,
  normalizeText,
  parseHtml,
} from "./support/served";
import { type SeededUpdates, baseUrlOf, seedFeaturedUpdates } from "./support/seed";
import { currentsOfCareSeed } from "#common/content/snapshot";

// The pages show the seeded content (the e2e server starts on a fresh database).
// The seeded event, typed with every block it has (a new event may have fewer).
const currentsOfCare = currentsOfCareSeed;

/** The `media` of a desktop page's link to its mobile twin. */
const MOBILE_ALTERNATE_MEDIA = "only screen and (max-width: 599px)";

/** Fetches every public page once for the request-only tests. */
async function servedPages(request: APIRequestContext): Promise<ServedPage[]> {
  const pages: ServedPage[] = [];
  for (const path of PUBLIC_PAGES) pages.push(await fetchServed(request, path));
  return pages;
}

function absoluteHttpUrl(value: string | null | undefined): URL | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// JSON-LD
// ---------------------------------------------------------------------------------------------

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function typesOf(node: JsonObject): string[] {
  const type = node["@type"];
  return (Array.isArray(type) ? type : [type]).filter((t): t is string => typeof t === "string");
}

/** Every object with an `@type` in a JSON-LD value, with the nearest enclosing typed object. */
function typedNodes(
  value: unknown,
  parent?: JsonObject,
): { node: JsonObject; parent?: JsonObject }[] {
  if (Array.isArray(value)) return value.flatMap((item) => typedNodes(item, parent));
  if (!isObject(value)) return [];
  const typed = typesOf(value).length > 0;
  const own = typed ? [{ node: value, ...(parent ? { parent } : {}) }] : [];
  const next = typed ? value : parent;
  return [...own, ...Object.values(value).flatMap((child) => typedNodes(child, next))];
}

const isEventType = (node: JsonObject) => typesOf(node).some((type) => /Event$/.test(type));

function isFree(node: JsonObject | undefined): boolean {
  if (!node) return false;
  if (node.isAccessibleForFree === true || node.isAccessibleForFree === "true") return true;
  const offers = Array.isArray(node.offers) ? node.offers : [node.offers];
  return offers.some((offer) => isObject(offer) && Number(offer.price) === 0);
}

/** What is missing from the page's JSON-LD Event data (both sessions, location, free). */
function eventProblems(blocks: unknown[]): string[] {
  const events = typedNodes(blocks).filter(({ node }) => isEventType(node));
  if (events.length === 0) return ["no JSON-LD Event"];
  const problems: string[] = [];
  const dated = events.filter(({ node }) => typeof node.startDate === "string");
  for (const session of currentsOfCare.sessions) {
    const day = session.start.slice(0, 10);
    const match = dated.find(({ node }) => String(node.startDate).startsWith(day));
    if (!match) {
      problems.push(`no Event with startDate on ${day}`);
      continue;
    }
    const { node, parent } = match;
    const start = Date.parse(String(node.startDate));
    const end = Date.parse(String(node.endDate));
    if (start !== Date.parse(session.start)) {
      problems.push(`${day}: startDate ${String(node.startDate)} is not ${session.start}`);
    }
    if (Number.isNaN(end) || end !== Date.parse(session.end)) {
      problems.push(`${day}: endDate ${String(node.endDate)} is not ${session.end}`);
    }
    const location = node.location ?? parent?.location;
    if (!JSON.stringify(location ?? null).includes(currentsOfCare.location.city)) {
      problems.push(`${day}: location missing or without ${currentsOfCare.location.city}`);
    }
    if (!isFree(node) && !isFree(parent)) {
      problems.push(`${day}: not marked free (isAccessibleForFree or an offer with price 0)`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Headers
// ---------------------------------------------------------------------------------------------

function cspDirectives(csp: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of csp.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/** What is wrong with a response's security headers, as readable lines. */
function securityHeaderProblems(headers: Readonly<Record<string, string>>): string[] {
  const problems: string[] = [];
  const csp = headers["content-security-policy"];
  if (!csp) {
    problems.push("no Content-Security-Policy");
  } else {
    const directives = cspDirectives(csp);
    const scripts = directives.get("script-src") ?? directives.get("default-src");
    if (!scripts) problems.push("CSP has neither script-src nor default-src");
    else if (scripts.includes("'unsafe-inline'"))
      problems.push("CSP script-src allows 'unsafe-inline'");
    if (scripts?.includes("'unsafe-eval'")) problems.push("CSP script-src allows 'unsafe-eval'");
    const styles = directives.get("style-src") ?? directives.get("default-src");
    if (!styles) problems.push("CSP has neither style-src nor default-src");
    else if (styles.includes("'unsafe-inline'"))
      problems.push("CSP style-src allows 'unsafe-inline'");
    if (directives.get("frame-ancestors")?.join(" ") !== "'none'") {
      problems.push(`CSP frame-ancestors is not 'none': ${csp}`);
    }
  }
  if (headers["x-content-type-options"] !== "nosniff") {
    problems.push(`X-Content-Type-Options: ${headers["x-content-type-options"] ?? "(missing)"}`);
  }
  const referrer = headers["referrer-policy"];
  if (!referrer || /unsafe-url|no-referrer-when-downgrade/.test(referrer)) {
    problems.push(`Referrer-Policy: ${referrer ?? "(missing)"}`);
  }
  if (!headers["permissions-policy"]) problems.push("no Permissions-Policy");
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Request-only tests
// ---------------------------------------------------------------------------------------------

test.describe("served HTML", () => {
  test("every public page serves its h1 and main text before any JavaScript runs", async ({
    request,
  }) => {
    const problems: string[] = [];
    for (const page of await servedPages(request)) {
      const where = page.path;
      if (page.status !== 200) problems.push(`${where}: status ${page.status}`);
      const { document } = page;
      const main = document.querySelector("main#main");
      if (!main) {
        problems.push(`${where}: no <main id="main"> in the served HTML`);
        continue;
      }
      if (main.closest("[hidden]")) problems.push(`${where}: <main> is inside a hidden element`);
      const h1s = [...document.querySelectorAll("h1")];
      if (h1s.length !== 1) problems.push(`${where}: ${h1s.length} <h1> elements (expected 1)`);
      const h1 = h1s[0];
      if (h1 && !normalizeText(h1.textContent)) problems.push(`${where}: the <h1> is empty`);
      if (h1 && !main.contains(h1)) problems.push(`${where}: the <h1> is outside <main>`);
      const mainText = normalizeText(main.textContent);
      for (const text of KEY_TEXTS[page.path] ?? []) {
        if (!mainText.includes(normalizeText(text))) {
          problems.push(`${where}: main lacks "${text.slice(0, 80)}"`);
        }
      }
      if (!KEY_TEXTS[page.path])
        problems.push(`${where}: no key texts listed in support/key-texts.ts`);
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });

  test("every public page has a title, description, Open Graph tags, canonical and alternate links", async ({
    request,
  }) => {
    const problems: string[] = [];
    const origins = new Set<string>();
    for (const page of await servedPages(request)) {
      const { document, path: where } = page;
      if (!normalizeText(document.title)) problems.push(`${where}: empty or missing <title>`);
      if (document.querySelectorAll("head > title").length !== 1) {
        problems.push(`${where}: ${document.querySelectorAll("title").length} <title> elements`);
      }
      for (const key of ["description", "og:title", "og:description", "og:image", "og:url"]) {
        if (!normalizeText(metaContent(document, key))) problems.push(`${where}: no ${key}`);
      }
      const ogImage = metaContent(document, "og:image");
      if (ogImage && !absoluteHttpUrl(ogImage)) {
        problems.push(`${where}: og:image is not an absolute URL: ${ogImage}`);
      }

      const canonicals = [...document.querySelectorAll('link[rel="canonical"]')];
      const expectedCanonical = (isMobilePath(where) && twinOf(where)) || where;
      const canonical = absoluteHttpUrl(canonicals[0]?.getAttribute("href"));
      if (canonicals.length !== 1) problems.push(`${where}: ${canonicals.length} canonical links`);
      if (!canonical) {
        problems.push(`${where}: canonical href missing or not absolute`);
      } else {
        origins.add(canonical.origin);
        if (canonical.pathname !== expectedCanonical) {
          problems.push(
            `${where}: canonical ${canonical.href} should point to ${expectedCanonical}`,
          );
        }
        const ogUrl = absoluteHttpUrl(metaContent(document, "og:url"));
        if (ogUrl && ogUrl.href !== canonical.href) {
          problems.push(`${where}: og:url ${ogUrl.href} differs from canonical ${canonical.href}`);
        }
      }

      const mobileTwin = isDesktopPath(where) ? twinOf(where) : undefined;
      const alternates = [...document.querySelectorAll('link[rel="alternate"][media]')];
      if (mobileTwin) {
        const alternate = alternates.find(
          (link) => normalizeText(link.getAttribute("media")) === MOBILE_ALTERNATE_MEDIA,
        );
        const href = absoluteHttpUrl(alternate?.getAttribute("href"));
        if (!alternate) {
          problems.push(`${where}: no <link rel="alternate" media="${MOBILE_ALTERNATE_MEDIA}">`);
        } else if (href?.pathname !== mobileTwin) {
          problems.push(
            `${where}: mobile alternate href ${alternate.getAttribute("href")} should be an absolute URL of ${mobileTwin}`,
          );
        }
      } else if (alternates.length > 0) {
        problems.push(`${where}: has a media alternate link but no mobile twin`);
      }
    }
    if (origins.size > 1)
      problems.push(`canonical URLs use several origins: ${[...origins].join(", ")}`);
    expect(problems, problems.join("\n")).toEqual([]);
  });

  test("JSON-LD parses; Organization on the home pages, Event (both dates, place, free) on the event pages", async ({
    request,
  }) => {
    const problems: string[] = [];
    for (const page of await servedPages(request)) {
      const blocks = jsonLdBlocks(page.document);
      blocks.forEach((block, i) => {
        if (block instanceof Error)
          problems.push(`${page.path}: JSON-LD block ${i + 1}: ${block.message}`);
      });
      const nodes = typedNodes(blocks.filter((block) => !(block instanceof Error)));
      if (HOME_PAGES.includes(page.path)) {
        const organization = nodes.find(({ node }) =>
          typesOf(node).some((type) => /Organization$/.test(type)),
        );
        if (!organization) problems.push(`${page.path}: no JSON-LD Organization`);
        else if (!organization.node.name || !absoluteHttpUrl(String(organization.node.url))) {
          problems.push(`${page.path}: the JSON-LD Organization lacks name or an absolute url`);
        }
      }
      if (EVENT_PAGES.includes(page.path)) {
        for (const problem of eventProblems(blocks)) problems.push(`${page.path}: ${problem}`);
      }
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });

  test("robots.txt disallows /admin; sitemap.xml lists the desktop pages and no mobile twin", async ({
    request,
  }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(robots.headers()["content-type"]).toMatch(/^text\/plain/);
    const robotsText = await robots.text();
    expect(robotsText, "robots.txt: Disallow: /admin").toMatch(/^\s*Disallow:\s*\/admin\/?\s*$/im);

    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toMatch(/^(application|text)\/xml/);
    const xml = parseHtml(await sitemap.text());
    const locs = [...xml.querySelectorAll("loc")].map((loc) => normalizeText(loc.textContent));
    const urls = locs.map((loc) => absoluteHttpUrl(loc));
    expect(
      locs.filter((_, i) => !urls[i]),
      "sitemap <loc>s that are not absolute URLs",
    ).toEqual([]);
    const listed = new Set(urls.map((url) => url?.pathname));
    // The desktop pages and /sms-opt-in (the pages that are their own canonical, but the menu).
    const expected = PUBLIC_PAGES.filter((path) => !isMobilePath(path));
    expect(
      expected.filter((path) => !listed.has(path)),
      "desktop pages missing from sitemap.xml",
    ).toEqual([]);
    expect(
      [...listed].filter(
        (path) => !!path && ((isMobilePath(path) && twinOf(path)) || path.startsWith("/admin")),
      ),
      "sitemap.xml lists mobile twins or admin pages",
    ).toEqual([]);

    const sitemapLine = /^\s*Sitemap:\s*(\S+)\s*$/im.exec(robotsText)?.[1];
    if (sitemapLine) {
      expect(absoluteHttpUrl(sitemapLine)?.pathname, "robots.txt Sitemap: URL").toBe(
        "/sitemap.xml",
      );
    }
  });

  test("pages, the 404 page, the admin page, assets and the API send the security headers", async ({
    request,
  }) => {
    const problems: string[] = [];
    const home = await fetchServed(request, "/home-desktop");
    // Its island script (docs/decisions/024).
    const asset = /"(\/islands\/assets\/[^"/]+\.js)"/.exec(home.html)?.[1];
    const targets = [
      ...publicPaths,
      "/no-such-page",
      ADMIN_PAGE,
      "/robots.txt",
      "/api/updates/featured",
      "/api/session",
      "/api/no-such-endpoint",
      ...(asset ? [asset] : []),
    ];
    for (const target of targets) {
      const response = await request.get(target, { maxRedirects: 0 });
      for (const problem of securityHeaderProblems(response.headers())) {
        problems.push(`${target} (${response.status()}): ${problem}`);
      }
    }
    if (!asset) problems.push("/home-desktop names no script asset to check an asset with");
    expect(problems, problems.join("\n")).toEqual([]);
  });

  test("HTML is served no-cache; hashed /assets/* and /islands/assets/* files are immutable", async ({
    request,
  }) => {
    const problems: string[] = [];
    const assets = new Set<string>();
    for (const path of [...publicPaths, ADMIN_PAGE]) {
      const page = await fetchServed(request, path);
      const cacheControl = page.headers["cache-control"] ?? "";
      if (!/\bno-cache\b|\bno-store\b/.test(cacheControl)) {
        problems.push(`${path}: Cache-Control "${cacheControl}" (expected no-cache)`);
      }
      for (const link of page.document.querySelectorAll(
        'link[rel="modulepreload"], link[rel="stylesheet"], script[src]',
      )) {
        const href = link.getAttribute("href") ?? link.getAttribute("src");
        if (href?.startsWith("/assets/") || href?.startsWith("/islands/assets/")) assets.add(href);
      }
      // Modules the page imports once loaded (server/render/hydrate-after-load.ts), and the island
      // entry it adds once painted (named in a data block, docs/decisions/043).
      for (const match of page.html.matchAll(/"(\/(?:islands\/)?assets\/[^"/]+\.js)"/g)) {
        assets.add(match[1]!);
      }
    }
    if (assets.size === 0) problems.push("no /assets/ file referenced by any page");
    if (![...assets].some((asset) => asset.startsWith("/islands/assets/"))) {
      problems.push("no /islands/assets/ file referenced by any page");
    }
    for (const asset of assets) {
      const cacheControl = (await request.head(asset)).headers()["cache-control"] ?? "";
      const maxAge = Number(/max-age=(\d+)/.exec(cacheControl)?.[1] ?? 0);
      if (!/\bimmutable\b/.test(cacheControl) || maxAge < 31_536_000) {
        problems.push(`${asset}: Cache-Control "${cacheControl}" (expected a year and immutable)`);
      }
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// In the browser
// ---------------------------------------------------------------------------------------------

test.describe("in the browser", () => {
  let seeded: SeededUpdates | undefined;

  test.beforeAll(async ({ playwright }, testInfo) => {
    seeded = await seedFeaturedUpdates(playwright, baseUrlOf(testInfo), 2);
  });

  test.afterAll(async () => {
    await seeded?.remove();
  });

  test("the home pages serve the featured updates in their HTML, with no loading skeleton", async ({
    request,
  }) => {
    const problems: string[] = [];
    for (const path of HOME_PAGES) {
      const { document } = await fetchServed(request, path);
      const strip = [...document.querySelectorAll("section[aria-labelledby]")].find(
        (section) =>
          normalizeText(
            document.getElementById(section.getAttribute("aria-labelledby") ?? "")?.textContent,
          ) === "Featured Updates",
      );
      if (!strip) {
        problems.push(`${path}: no Featured Updates region in the served HTML`);
        continue;
      }
      if (strip.getAttribute("aria-busy") === "true") problems.push(`${path}: the strip is busy`);
      const text = normalizeText(strip.textContent);
      for (const title of seeded?.titles ?? []) {
        if (!text.includes(title)) problems.push(`${path}: the strip lacks "${title}"`);
      }
    }
    expect(seeded?.titles.length).toBeGreaterThan(0);
    expect(problems, problems.join("\n")).toEqual([]);
  });

  test("every route loads with no console error, hydration warning or CSP violation, and renders what was served", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const consoleProblems = await collectConsoleProblems(page);
    const problems: string[] = [];
    const mismatches: string[] = [];

    for (const path of publicPaths) {
      await test.step(path, async () => {
        const viewport = nativeViewport(path);
        if (page.viewportSize()?.width !== viewport.width) {
          // Leave the current page first, so resizing does not switch its variant.
          await page.goto("about:blank");
          await page.setViewportSize(viewport);
        }
        consoleProblems.clear();
        const settled = await openPage(page, path);
        for (const message of consoleProblems.messages)
          problems.push(`${path} @${viewport.width}px: ${message}`);

        if (settled !== path || !PUBLIC_PAGES.includes(path)) return;
        // Everything React shows as headings and paragraphs was already in the served HTML.
        const served = await fetchServed(request, path);
        const servedMain = normalizeText(served.document.querySelector("main#main")?.textContent);
        const rendered = await page.evaluate(() => {
          const dynamic = [...document.querySelectorAll("[aria-labelledby], [aria-label]")].filter(
            (element) => {
              const label =
                element.getAttribute("aria-label") ??
                document.getElementById(element.getAttribute("aria-labelledby") ?? "")?.textContent;
              return label?.trim() === "Featured Updates";
            },
          );
          const main = document.getElementById("main");
          const h1 = document.querySelector("h1")?.textContent ?? "";
          const texts = [...(main?.querySelectorAll("h1, h2, h3, h4, h5, h6, p") ?? [])]
            .filter((element) => !element.closest("[aria-live], [aria-busy]"))
            .filter((element) => !dynamic.some((region) => region.contains(element)))
            .map((element) => element.textContent ?? "");
          return { h1, texts };
        });
        const servedH1 = normalizeText(served.document.querySelector("h1")?.textContent);
        if (normalizeText(rendered.h1) !== servedH1) {
          mismatches.push(
            `${path}: h1 "${normalizeText(rendered.h1)}" was served as "${servedH1}"`,
          );
        }
        for (const text of rendered.texts.map(normalizeText).filter(Boolean)) {
          if (!servedMain.includes(text)) {
            mismatches.push(`${path}: rendered "${text.slice(0, 80)}" is not in the served main`);
          }
        }
      });
    }
    expect.soft(problems, `console problems:\n${problems.join("\n")}`).toEqual([]);
    expect.soft(mismatches, `rendered vs served:\n${mismatches.join("\n")}`).toEqual([]);
  });
});
