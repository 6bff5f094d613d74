/**
 * Page speed as docs/product.md section 12 builds it: every public page carries its CSS inline (no
 * stylesheet request before the first paint, each <style> allowed by its CSP hash), pages
 * without islands load no JavaScript file at all, pages with islands load only the island build
 * (never React Router's runtime), moving between pages is an ordinary page load, and the mobile
 * home's LCP picture offers a file that fits a phone, and on pages with islands nothing but the
 * HTML and pictures is fetched before the load event and the largest paint. See docs/decisions/013,
 * 024 and 043.
 */
import { createHash } from "node:crypto";
import { expect, test, type Request } from "@playwright/test";
import { openPage, waitForPageReady } from "./support/page";
import { PUBLIC_PAGES, VIEWPORTS, nativeViewport } from "./support/routes";
import { fetchServed } from "./support/served";

/** The public pages with islands; every other one must load no script file. */
const WITH_ISLANDS = new Set([
  "/home-desktop",
  "/home-mobile",
  "/services-desktop",
  "/contact-desktop",
  "/contact-mobile",
  "/currents-of-care-desktop",
  "/currents-of-care-mobile",
  "/sms-opt-in",
]);

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

test("every public page carries its CSS inline, allowed by hash, and loads island scripts only if it has islands", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  for (const path of PUBLIC_PAGES) {
    await test.step(path, async () => {
      const served = await fetchServed(request, path);
      const styles = [...served.document.querySelectorAll("style")];
      if (styles.length !== 1) problems.push(`${path}: ${styles.length} <style> elements`);
      const csp = served.headers["content-security-policy"] ?? "";
      const styleSrc = /(?:^|;)\s*style-src ([^;]*)/.exec(csp)?.[1] ?? "";
      for (const style of styles) {
        if (!styleSrc.split(" ").includes(sha256(style.textContent ?? ""))) {
          problems.push(`${path}: the CSP does not allow its <style> by hash (${styleSrc})`);
        }
      }
      for (const link of served.document.querySelectorAll('link[rel="stylesheet"]')) {
        if (!link.hasAttribute("disabled")) {
          problems.push(`${path}: render-blocking ${link.getAttribute("href")}`);
        }
      }
      if (served.html.includes("__reactRouter")) {
        problems.push(`${path}: carries React Router's runtime`);
      }
      const islands = served.html.includes(" data-island=");
      if (islands !== WITH_ISLANDS.has(path)) {
        problems.push(`${path}: ${islands ? "has islands" : "has no island"}, unexpectedly`);
      }

      const loaded: Request[] = [];
      const onRequest = (request: Request) => loaded.push(request);
      page.on("request", onRequest);
      try {
        const viewport = nativeViewport(path);
        if (page.viewportSize()?.width !== viewport.width) {
          await page.goto("about:blank");
          await page.setViewportSize(viewport);
        }
        await openPage(page, path);
      } finally {
        page.off("request", onRequest);
      }
      for (const request of loaded) {
        const type = request.resourceType();
        if (type === "stylesheet") problems.push(`${path}: requested ${request.url()}`);
        if (type === "script" && !WITH_ISLANDS.has(path)) {
          problems.push(`${path}: loads ${request.url()} but has no island`);
        }
        if (type === "script" && !new URL(request.url()).pathname.startsWith("/islands/")) {
          problems.push(`${path}: loads ${request.url()}, not from the island build`);
        }
      }
    });
  }
  expect(problems, problems.join("\n")).toEqual([]);
});

test("moving between public pages is an ordinary page load with its CSS inline, and nothing fetched for style", async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  // The About page as a direct load shows how its inline CSS draws the heading.
  await openPage(page, "/about-desktop");
  const heading = page.getByRole("heading", { level: 1 });
  const styleOf = () =>
    heading.evaluate((element) => {
      const style = getComputedStyle(element);
      return { font: style.fontFamily, size: style.fontSize, align: style.textAlign };
    });
  const expected = await styleOf();

  await openPage(page, "/home-desktop");
  await page.evaluate(() => ((window as unknown as { probe: string }).probe = "same document"));
  const stylesheets: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheets.push(new URL(request.url()).pathname);
  });
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "About", exact: true })
    .click();
  await page.waitForURL((url) => url.pathname === "/about-desktop");
  await waitForPageReady(page);
  await expect(heading).toHaveText("About Us");
  // No router in the browser (docs/decisions/024): a new document, not a client-side navigation.
  expect(await page.evaluate(() => (window as unknown as { probe?: string }).probe)).toBe(
    undefined,
  );
  expect(await styleOf()).toEqual(expected);
  expect(stylesheets).toEqual([]);
});

test("on a page with islands, no script, video or poster is fetched before the load event and the largest paint", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  for (const path of WITH_ISLANDS) {
    await test.step(path, async () => {
      const viewport = nativeViewport(path);
      if (page.viewportSize()?.width !== viewport.width) {
        await page.goto("about:blank");
        await page.setViewportSize(viewport);
      }
      await openPage(page, path);
      // Resource timing, in the page's own clock: each script, video file and poster (Chromium
      // names a poster's initiator "video") against the load event and the largest paint.
      const timing = await page.evaluate(async () => {
        const largestPaint = await new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            resolve(Math.max(...list.getEntries().map((entry) => entry.startTime)));
          }).observe({ type: "largest-contentful-paint", buffered: true });
        });
        const navigation = performance.getEntriesByType(
          "navigation",
        )[0] as PerformanceNavigationTiming;
        const resources = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
          .filter(
            (entry) =>
              ["script", "video"].includes(entry.initiatorType) ||
              /\.(?:js|webm|mp4)(?:$|\?)/.test(entry.name),
          )
          .map((entry) => ({ name: entry.name, startTime: entry.startTime }));
        return { largestPaint, loadEnd: navigation.loadEventEnd, resources };
      });
      if (!timing.resources.some((entry) => entry.name.includes("/islands/"))) {
        problems.push(`${path}: no island script was loaded`);
      }
      for (const { name, startTime } of timing.resources) {
        if (startTime < timing.loadEnd || startTime < timing.largestPaint) {
          problems.push(
            `${path}: ${new URL(name).pathname} requested at ${startTime.toFixed(0)} ms, before ` +
              `the load event's end (${timing.loadEnd.toFixed(0)} ms) or the largest paint ` +
              `(${timing.largestPaint.toFixed(0)} ms)`,
          );
        }
      }
    });
  }
  expect(problems, problems.join("\n")).toEqual([]);
});

test("the mobile home's masthead, its LCP picture, is in the HTML with high priority and fits a phone", async ({
  browser,
  baseURL,
  request,
}) => {
  const served = await fetchServed(request, "/home-mobile");
  const img = served.document.querySelector("header + picture img, picture img[fetchpriority]");
  expect(img?.getAttribute("fetchpriority")).toBe("high");
  expect(img?.getAttribute("loading")).toBe("eager");
  expect(img?.getAttribute("width")).toBe("1200");
  expect(img?.getAttribute("height")).toBe("400");
  const widths = (img?.getAttribute("srcset") ?? "")
    .split(",")
    .map((candidate) => Number(/(\d+)w$/.exec(candidate.trim())?.[1]));
  expect(Math.min(...widths)).toBeLessThanOrEqual(480);

  // A 390 px phone at 2x picks a file narrower than the 1200 w original.
  const context = await browser.newContext({
    baseURL,
    viewport: VIEWPORTS.mobile,
    deviceScaleFactor: 2,
  });
  const phone = await context.newPage();
  try {
    await phone.goto("/home-mobile");
    await waitForPageReady(phone);
    const masthead = phone.locator("picture img[fetchpriority]").first();
    await expect
      .poll(() => masthead.evaluate((element: HTMLImageElement) => element.complete))
      .toBe(true);
    const chosen = await masthead.evaluate((element: HTMLImageElement) => element.currentSrc);
    expect(chosen).toMatch(/masthead-800w\.(avif|webp)$/);
  } finally {
    await context.close();
  }
});
