import { expect, test, type APIRequestContext } from "@playwright/test";
import type { StatisticsReport } from "../../common/statistics";
import { expectCleanAtBothWidths } from "./support/axe";
import { unlockStaffPage } from "./support/page";
import { adminApi, baseUrlOf, uniqueMarker } from "./support/seed";

/**
 * Site statistics and redirects against the real server (docs/product.md 5.7, 5.8): pages a
 * browser asks for appear within 5 s, the statistics page shows them with its chart and tables,
 * a missing page becomes a redirect in one step and then answers 301, and both pages are
 * axe-clean at 390 and 1280 px. Visits come from an API context with a browser's User-Agent:
 * Playwright's own Chromium says "HeadlessChrome", which is (rightly) not counted.
 */

test.describe.configure({ mode: "serial" });

const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

let staffApi: APIRequestContext;
let visitor: APIRequestContext;
const missingPath = `/${uniqueMarker("old-brochure")
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, "-")}`;

test.beforeAll(async ({ playwright }, testInfo) => {
  const baseURL = baseUrlOf(testInfo);
  staffApi = await adminApi(playwright, baseURL);
  visitor = await playwright.request.newContext({ baseURL, userAgent: BROWSER_UA });
});
test.afterAll(async () => {
  await staffApi.dispose();
  await visitor.dispose();
});

test("pages a browser reads are counted within 5 s; the statistics page shows them", async ({
  page,
}) => {
  const before = Date.now();
  expect(
    (
      await visitor.get("/about-desktop", { headers: { referer: "https://news.example.com/" } })
    ).status(),
  ).toBe(200);
  expect((await visitor.get("/about-mobile")).status()).toBe(200);
  expect((await visitor.get(missingPath, { maxRedirects: 0 })).status()).toBe(404);
  // Days in the site's zone may differ from this machine's by one: ask a few around today.
  const from = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  await expect
    .poll(
      async () => {
        const report = (await (
          await staffApi.get(`/api/statistics?from=${from}&to=${to}`)
        ).json()) as StatisticsReport;
        return report.missing.some((row) => row.path === missingPath) &&
          report.pages.some((row) => row.page === "About")
          ? Date.now() - before
          : null;
      },
      { timeout: 5_000, intervals: [250] },
    )
    .not.toBeNull();

  await unlockStaffPage(page, "/admin/statistics");
  await expect(page.getByRole("heading", { level: 1, name: "Statistics" })).toBeVisible();
  await page.getByRole("radio", { name: "Chosen dates" }).check();
  await page.getByLabel("From").fill(from);
  await page.getByLabel("To", { exact: true }).fill(to);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("img", { name: "Visitors and views per day" })).toBeVisible();
  const pages = page.getByRole("table", { name: "Pages" });
  await expect(pages.getByRole("rowheader", { name: "About" })).toBeVisible();
  await expect(
    page
      .getByRole("table", { name: "Sources" })
      .getByRole("rowheader", { name: "news.example.com" }),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("statistics-1280.png"), fullPage: true });
  await expectCleanAtBothWidths(page, "/admin/statistics");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("statistics-390.png"), fullPage: true });
});

test("a missing page becomes a redirect in one step, answered 301", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await unlockStaffPage(page, "/admin/statistics");
  await page.getByRole("radio", { name: "Last 7 days" }).check();
  const missing = page.getByRole("table", { name: "Missing pages" });
  await missing.getByRole("link", { name: `Redirect ${missingPath}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Redirects" })).toBeVisible();
  await expect(page.getByLabel(/^From/)).toHaveValue(missingPath);
  const to = page.getByLabel(/^To/);
  await to.fill("https://elsewhere.example.com/");
  await page.getByRole("button", { name: "Add redirect" }).click();
  await expect(
    page.getByText("to must be a page of this site, such as /about-desktop"),
  ).toBeVisible();
  await to.fill("/about-desktop");
  await page.getByRole("button", { name: "Add redirect" }).click();
  const table = page.getByRole("table", { name: "Redirects" });
  await expect(table.getByRole("rowheader", { name: missingPath })).toBeVisible();

  const followed = await visitor.get(missingPath, { maxRedirects: 0 });
  expect(followed.status()).toBe(301);
  expect(followed.headers()["location"]).toBe("/about-desktop");
  await page.reload();
  await expect(table.getByRole("row").filter({ hasText: missingPath })).toContainText("1");
  await page.screenshot({ path: test.info().outputPath("redirects-1280.png"), fullPage: true });
  await expectCleanAtBothWidths(page, "/admin/redirects");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("redirects-390.png"), fullPage: true });

  const id = (
    (await (await staffApi.get("/api/redirects")).json()) as { id: string; from: string }[]
  ).find((row) => row.from === missingPath)!.id;
  expect((await staffApi.delete(`/api/redirects/${id}`)).status()).toBe(204);
});

test("the staff home shows the last 7 days in one line", async ({ page }) => {
  await unlockStaffPage(page, "/admin");
  await expect(page.getByText(/^Last 7 days: \d+ visitors? and \d+ views?/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Statistics" }).last()).toHaveAttribute(
    "href",
    "/admin/statistics",
  );
});
