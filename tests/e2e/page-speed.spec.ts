/**
 * Page speed as docs/product.md section 12 builds it: every public page carries its CSS inline (no
 * stylesheet request before the first paint, each <style> allowed by its CSP hash), pages
 * without interactive parts load no JavaScript file at all, the pages that hydrate still load a
 * route's CSS after client-side navigation, and the mobile home's LCP picture offers a file
 * that fits a phone. See docs/decisions/013-inline-css-and-hydration-on-demand.md.
 */
import { createHash } from "node:crypto";
import { expect, test, type Request } from "@playwright/test";
import { openPage, waitForPageReady } from "./support/page";
import { PUBLIC_PAGES, VIEWPORTS, nativeViewport } from "./support/routes";
import { fetchServed } from "./support/served";

/** The public pages that hydrate; every other one must load no script file. */
const HYDRATING = new Set([
  "/home-desktop",
  "/home-mobile",
  "/services-desktop",
  "/services-mobile",
  "/contact-desktop",
  "/contact-mobile",
  "/currents-of-care-desktop",
  "/currents-of-care-mobile",
  "/sms-opt-in",
]);

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

test("every public page carries its CSS inline, allowed by hash, and loads scripts only if it hydrates", async ({
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
      const hydrates = served.html.includes("window.__reactRouterContext");
      if (hydrates !== HYDRATING.has(path)) {
        problems.push(`${path}: ${hydrates ? "hydrates" : "does not hydrate"}, unexpectedly`);
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
        if (type === "script" && !HYDRATING.has(path)) {
          problems.push(`${path}: loads ${request.url()} but has nothing to hydrate`);
        }
      }
    });
  }
  expect(problems, problems.join("\n")).toEqual([]);
});

test("after hydration, client-side navigation still loads each route's CSS, once", async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  // The About page as a full page load shows how its inline CSS draws the heading.
  await openPage(page, "/about-desktop");
  const heading = page.getByRole("heading", { level: 1 });
  const expected = await heading.evaluate((element) => {
    const style = getComputedStyle(element);
    return { font: style.fontFamily, size: style.fontSize, align: style.textAlign };
  });

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
  await expect(heading).toHaveText("About Us");
  // Client-side: the document is the same one.
  expect(await page.evaluate(() => (window as unknown as { probe?: string }).probe)).toBe(
    "same document",
  );
  await expect
    .poll(() =>
      heading.evaluate((element) => {
        const style = getComputedStyle(element);
        return { font: style.fontFamily, size: style.fontSize, align: style.textAlign };
      }),
    )
    .toEqual(expected);
  // Only the stylesheets the home page did not already carry inline were fetched, each once.
  expect(stylesheets.length).toBeGreaterThan(0);
  expect(new Set(stylesheets).size).toBe(stylesheets.length);
  expect(stylesheets.every((path) => /\/assets\/[^/]+\.css$/.test(path))).toBe(true);
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
