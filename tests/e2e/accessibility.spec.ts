/**
 * Site-wide accessibility: axe-core (WCAG 2.0-2.2 A and AA) on every page a visitor can reach,
 * at 390 px and 1280 px, plus the keyboard basics (skip link first, one h1, a page language).
 * Each test walks all pages in one browser context and reports every failure at once.
 */
import { expect, test, type Page } from "@playwright/test";
import { axeViolations, formatViolations } from "./support/axe";
import { gotoPath, openPage, urlWithPath, waitForPageReady } from "./support/page";
import {
  ADMIN_PAGE,
  VIEWPORTS,
  pagesAt,
  publicPaths,
  settledPath,
  type ViewportName,
} from "./support/routes";
import { type SeededUpdates, baseUrlOf, seedFeaturedUpdates } from "./support/seed";

let seeded: SeededUpdates | undefined;

// Two featured updates, so the strip shows its content, its dots and its rotation control.
test.beforeAll(async ({ playwright }, testInfo) => {
  seeded = await seedFeaturedUpdates(playwright, baseUrlOf(testInfo), 2);
});

test.afterAll(async () => {
  await seeded?.remove();
});

/** Opens a page; for the admin page, waits for its locked view (the password prompt). */
async function open(page: Page, path: string): Promise<void> {
  await openPage(page, path);
  if (path === ADMIN_PAGE) {
    await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
  }
}

for (const name of Object.keys(VIEWPORTS) as ViewportName[]) {
  const viewport = VIEWPORTS[name];
  const pages = [...pagesAt(viewport.width), ADMIN_PAGE];

  test.describe(`${name} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test("every path settles on the page its redirect rule names", async ({ page }) => {
      const wrong: string[] = [];
      for (const path of publicPaths) {
        const target = settledPath(path, viewport.width);
        await gotoPath(page, path);
        try {
          await page.waitForURL(urlWithPath(target), { timeout: 5_000 });
          await waitForPageReady(page);
          // Let passive effects (where the redirects live) run before looking again.
          await page.evaluate(
            () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
          );
        } catch {
          // Reported below with the path it reached instead.
        }
        const reached = new URL(page.url()).pathname;
        if (reached !== target) wrong.push(`${path} -> ${reached} (expected ${target})`);
      }
      expect(wrong, wrong.join("\n")).toEqual([]);
    });

    test("axe finds no WCAG 2.2 A/AA violations on any page", async ({ page }) => {
      test.setTimeout(120_000);
      const failures: string[] = [];
      for (const path of pages) {
        await test.step(path, async () => {
          await open(page, path);
          const violations = await axeViolations(page);
          if (violations.length > 0) {
            failures.push(formatViolations(`${path} @${viewport.width}px`, violations));
          }
        });
      }
      expect(failures, `axe violations:\n${failures.join("\n")}`).toEqual([]);
    });

    test("every page: lang set, one h1, skip link is the first Tab stop and reaches #main", async ({
      page,
    }) => {
      for (const path of pages) {
        await test.step(path, async () => {
          await open(page, path);
          const where = `${path} @${viewport.width}px`;

          const lang = await page.locator("html").getAttribute("lang");
          expect.soft(lang ?? "", `${where}: <html lang>`).toMatch(/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/);
          // The page is loaded and idle: count once, without waiting for a change.
          expect.soft(await page.locator("h1").count(), `${where}: number of <h1>`).toBe(1);
          expect
            .soft(await page.locator("main#main").count(), `${where}: <main id="main">`)
            .toBe(1);

          await page.keyboard.press("Tab");
          const first = await page.evaluate(() => {
            const element = document.activeElement;
            return element && element !== document.body
              ? `<${element.tagName.toLowerCase()} href=${element.getAttribute("href")}> ${element.textContent?.trim() ?? ""}`
              : "(nothing)";
          });
          expect
            .soft(first, `${where}: the first Tab stop is the skip link`)
            .toMatch(/^<a href=#main>/);
          if (!first.startsWith("<a href=#main>")) return;
          await expect
            .soft(page.locator("a[href='#main']").first(), `${where}: focused skip link is shown`)
            .toBeInViewport();

          await page.keyboard.press("Enter");
          await page.waitForURL((url) => url.hash === "#main");
          let focus = await page.evaluate(() => {
            const main = document.getElementById("main");
            const active = document.activeElement;
            return { onMain: active === main, inMain: !!main && main.contains(active) };
          });
          if (!focus.onMain) {
            // Not focusable itself: the browser starts sequential navigation at #main instead.
            await page.keyboard.press("Tab");
            focus = await page.evaluate(() => {
              const main = document.getElementById("main");
              const active = document.activeElement;
              return { onMain: active === main, inMain: !!main && main.contains(active) };
            });
          }
          expect.soft(focus.inMain, `${where}: the skip link moves focus to #main`).toBe(true);
        });
      }
    });
  });
}
