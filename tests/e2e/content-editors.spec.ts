import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { pageFailures } from "./support/axe";
import { unlockStaffPage } from "./support/page";
import { VIEWPORTS } from "./support/routes";
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminApi, baseUrlOf, uniqueMarker } from "./support/seed";

/**
 * The content editors (/admin/content, docs/product.md section 5.4) against the real server and
 * its content API: edit the About page, save a draft, publish, schedule, restore a revision, a
 * stale save from a second tab, keyboard only, and axe at both widths.
 *
 * What the public site shows is checked on the served page itself, opened by a visitor without
 * a staff session (server rendering, docs/decisions/016), and in the staff member's preview tab.
 */

test.describe.configure({ mode: "serial" });

interface AboutData extends Record<string, unknown> {
  heading: string;
  mission: { paragraphs: string[] };
}

interface Entry {
  id: string;
  version: number;
  data: AboutData;
  draft: { data: AboutData } | null;
  publish_at: string | null;
}

let api: APIRequestContext;
let originalHeading = "";

async function aboutEntry(): Promise<Entry> {
  const response = await api.get("/api/content/about");
  expect(response.status()).toBe(200);
  const [entry] = (await response.json()) as Entry[];
  return entry!;
}

/** The About page's own heading (the first field of the form; other groups have theirs). */
function aboutHeading(page: Page) {
  return page.locator("#field-heading");
}

/** The first paragraph of the About page's mission. */
function missionText(page: Page) {
  return page.locator("#field-mission-paragraphs-0");
}

/** The public About page's main text, as a visitor without a staff session is served it. */
async function publicAboutText(browser: Browser): Promise<string> {
  const visitor = await browser.newPage();
  try {
    const response = await visitor.goto("/about-desktop");
    expect(response?.status()).toBe(200);
    // textContent: the words as served, whatever case the styles draw them in.
    return (await visitor.getByRole("main").textContent()) ?? "";
  } finally {
    await visitor.context().close();
  }
}

async function openAbout(page: Page) {
  await page.goto("/admin/content/about");
  await expect(page.getByRole("heading", { level: 2, name: "About page" })).toBeVisible();
}

test.beforeAll(async ({ playwright }, testInfo) => {
  api = await adminApi(playwright, baseUrlOf(testInfo));
  originalHeading = (await aboutEntry()).data.heading;
});

test.afterAll(async () => {
  // Later specs read the About page: publish its seeded revision again, so they see the seed.
  const entry = await aboutEntry();
  const restored = await api.post(`/api/content/about/${entry.id}/revisions/1/restore`);
  expect(restored.status()).toBe(200);
  expect((await aboutEntry()).data.heading).toBe(originalHeading);
  await api.dispose();
});

test("unlock on /admin/content, edit the mission, save a draft, preview it, then publish it", async ({
  page,
  context,
  browser,
}) => {
  await unlockStaffPage(page, "/admin/content");
  const table = page.getByRole("table", { name: "Content collections" });
  await table.getByRole("link", { name: "About page" }).click();
  await expect(page).toHaveURL(/\/admin\/content\/about$/);
  await expect(page.getByRole("heading", { level: 1, name: "Content" })).toBeFocused();

  const heading = aboutHeading(page);
  await expect(heading).toHaveAccessibleName("Heading");
  await expect(heading).toHaveValue(originalHeading);
  const original = (await aboutEntry()).data.mission.paragraphs[0]!;
  const mission = missionText(page);
  await expect(mission).toHaveValue(original);
  const text = uniqueMarker("Our mission, edited");
  await mission.fill(text);
  await expect(page.locator("#field-mission-paragraphs-0-count")).toHaveText(
    new RegExp(`^${text.length} of \\d+ characters$`),
  );
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("main").getByText(/^Draft saved/)).toBeVisible();
  let entry = await aboutEntry();
  expect(entry.draft?.data.mission.paragraphs[0]).toBe(text);
  expect(entry.data.mission.paragraphs[0]).toBe(original);

  // Preview: the public page with the drafts, in a new tab; visitors still get the published text.
  const preview = page.getByRole("link", { name: /^Preview/ });
  await expect(preview).toHaveAttribute("href", "/about-desktop?preview=about");
  const [tab] = await Promise.all([context.waitForEvent("page"), preview.click()]);
  await expect(tab.getByRole("main")).toContainText(text);
  // The preview says what it is, and leads back to the editor.
  const banner = tab.getByRole("complementary", { name: "Preview" });
  await expect(banner).toContainText("Preview: draft changes, not yet public");
  await expect(banner.getByRole("link", { name: "Back to the editor" })).toHaveAttribute(
    "href",
    "/admin/content/about",
  );
  await tab.close();
  const before = await publicAboutText(browser);
  expect(before).toContain(original);
  expect(before).not.toContain(text);

  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(
    page.getByRole("main").getByText(/^Published\. The public site shows it now/),
  ).toBeVisible();
  entry = await aboutEntry();
  expect(entry.data.mission.paragraphs[0]).toBe(text);
  expect(entry.draft).toBeNull();
  const bar = page.getByRole("region", { name: "Save and publish" });
  await expect(bar.getByText("Published", { exact: true })).toBeVisible();
  await expect(page.getByRole("main").getByText(/^Last published/)).toBeVisible();
  // Live for visitors on the next request, with no build.
  expect(await publicAboutText(browser)).toContain(text);
});

test("schedule a change: it goes live by itself at the chosen time", async ({ page, browser }) => {
  await unlockStaffPage(page, "/admin/content/about");
  await expect(page.getByRole("heading", { level: 2, name: "About page" })).toBeVisible();
  const text = uniqueMarker("Scheduled heading");
  await aboutHeading(page).fill(text);
  // A few seconds ahead, written in the browser's own time zone as the input expects.
  const at = await page.evaluate(() => {
    const date = new Date(Date.now() + 6000);
    const pad = (value: number) => String(value).padStart(2, "0");
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
      date.getHours(),
    )}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  });
  await page.getByLabel("Publish at").fill(at);
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByRole("main").getByText(/^Scheduled: the draft goes live/)).toBeVisible();
  const scheduled = await aboutEntry();
  expect(scheduled.publish_at).not.toBeNull();
  expect(scheduled.data.heading).not.toBe(text);
  expect(await publicAboutText(browser)).not.toContain(text);
  await expect.poll(async () => (await aboutEntry()).data.heading, { timeout: 20_000 }).toBe(text);
  await expect.poll(() => publicAboutText(browser), { timeout: 5_000 }).toContain(text);
});

test("restore an old revision after confirming", async ({ page, browser }) => {
  await unlockStaffPage(page, "/admin/content/about");
  await page.getByRole("button", { name: "Revisions" }).click();
  await expect(
    page.getByRole("heading", { name: /^Revision 1, the original content/ }),
  ).toBeVisible();
  // The newest revision shows what changed, field by field.
  const newest = page.getByRole("table").first();
  await expect(newest.getByRole("rowheader", { name: "Heading" })).toBeVisible();

  page.once("dialog", (dialog) => {
    expect(dialog.message()).toMatch(/^Restore revision 1\?/);
    void dialog.accept();
  });
  await page.getByRole("button", { name: "Restore revision 1" }).click();
  await expect(page.getByRole("main").getByText(/^Revision 1 restored/)).toBeVisible();
  expect((await aboutEntry()).data.heading).toBe(originalHeading);
  await expect(aboutHeading(page)).toHaveValue(originalHeading);
  expect(await publicAboutText(browser)).toContain(originalHeading);
});

test("a stale save from a second tab gets a clear message, keeps the text, and can overwrite", async ({
  page,
  context,
}) => {
  await unlockStaffPage(page, "/admin/content/about");
  await expect(aboutHeading(page)).toBeVisible();
  const second = await context.newPage();
  await openAbout(second);

  const first = uniqueMarker("First tab");
  await aboutHeading(page).fill(first);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("main").getByText(/^Draft saved/)).toBeVisible();

  const mine = uniqueMarker("Second tab");
  await aboutHeading(second).fill(mine);
  await second.getByRole("button", { name: "Save draft" }).click();
  const alert = second.getByRole("alert", { name: "Someone else saved this entry first" });
  await expect(alert).toBeVisible();
  await expect(alert).toBeFocused();
  const current = await aboutEntry();
  await expect(alert).toContainText("changed since you opened it");
  await expect(aboutHeading(second)).toHaveValue(mine);
  expect(current.draft?.data.heading).toBe(first);

  await alert.getByRole("button", { name: "Save mine over theirs" }).click();
  await expect(
    second.getByRole("main").getByText(/^Your version is saved over theirs/),
  ).toBeVisible();
  expect((await aboutEntry()).draft?.data.heading).toBe(mine);
  await second.close();

  // Leaving with unsaved changes asks first; staying keeps them.
  await aboutHeading(page).fill("Not saved yet");
  page.once("dialog", (dialog) => void dialog.dismiss());
  await page
    .getByRole("navigation", { name: "Staff pages" })
    .getByRole("link", { name: "Messages" })
    .click();
  await expect(page).toHaveURL(/\/admin\/content\/about$/);
  await expect(aboutHeading(page)).toHaveValue("Not saved yet");
});

test("keyboard only: edit a field and publish", async ({ page }) => {
  await page.goto("/admin/content/about");
  await page.getByLabel("Email").focus();
  await page.keyboard.type(ADMIN_EMAIL);
  await page.keyboard.press("Tab");
  await page.keyboard.type(ADMIN_PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Content" })).toBeFocused();
  const editor = page.locator("form");
  await expect(editor).toBeVisible();

  const focusedId = () => page.evaluate(() => document.activeElement?.id ?? "");
  for (let presses = 0; presses < 40 && (await focusedId()) !== "field-heading"; presses++) {
    await page.keyboard.press("Tab");
  }
  await expect(aboutHeading(page)).toBeFocused();
  const text = uniqueMarker("Keyboard heading");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);

  const publish = page.getByRole("button", { name: "Publish now" });
  const focusedName = () => page.evaluate(() => document.activeElement?.textContent ?? "");
  for (let presses = 0; presses < 600 && (await focusedName()) !== "Publish now"; presses++) {
    await page.keyboard.press("Tab");
  }
  await expect(publish).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("main").getByText(/^Published\. The public site shows it now/),
  ).toBeVisible();
  expect((await aboutEntry()).data.heading).toBe(text);
});

test("axe finds nothing on the content pages at 390 and 1280 px, and nothing scrolls sideways", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const courses = (await (await api.get("/api/content/courses")).json()) as Entry[];
  const pages = [
    "/admin/content",
    "/admin/content/about",
    "/admin/content/courses",
    `/admin/content/courses/${courses[0]!.id}`,
    "/admin/content/courses/new",
    "/admin/content/projects",
  ];
  const failures: string[] = [];
  await unlockStaffPage(page, "/admin/content");
  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
      await expect(page.getByText("Loading…")).toHaveCount(0);
      if (path === "/admin/content/about") {
        await page.getByRole("button", { name: "Revisions" }).click();
        await expect(page.getByText("Loading revisions…")).toHaveCount(0);
      }
      failures.push(...(await pageFailures(page, `${path} ${viewport.width}px`)));
    }
  }
  expect(failures, failures.join("\n")).toEqual([]);
});
