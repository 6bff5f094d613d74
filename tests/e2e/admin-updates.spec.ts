import { expect, test, type Locator, type Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { unlockStaffPage } from "./support/page";
import { ADMIN_EMAIL, ADMIN_PASSWORD, uniqueMarker } from "./support/seed";

/**
 * The whole admin flow against the real server: unlock, create, edit, publish/unpublish,
 * feature/unfeature, delete, the embedded strip following along, reload, logout.
 * Other specs share the server, so everything here uses its own unique titles and cleans up.
 */

test.describe.configure({ mode: "serial" });

function listRegion(page: Page): Locator {
  return page.getByRole("region", { name: "All updates" });
}

function rowOf(page: Page, title: string): Locator {
  return listRegion(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name: title, exact: true }) });
}

function strip(page: Page): Locator {
  return page.getByRole("region", { name: "Featured Updates" });
}

/** Slides of the strip that carry `title` (hidden slides included: the strip rotates). */
function stripSlides(page: Page, title: string): Locator {
  return strip(page)
    .locator('[aria-roledescription="slide"]')
    .filter({ has: page.getByRole("heading", { name: title, exact: true, includeHidden: true }) });
}

async function unlock(page: Page): Promise<void> {
  await unlockStaffPage(page);
  await expect(page.getByText("Loading updates...")).toHaveCount(0);
}

async function createUpdate(
  page: Page,
  fields: { title: string; summary: string; url?: string; publishedAt?: string },
): Promise<void> {
  await page.getByLabel("Title").fill(fields.title);
  await page.getByLabel("Summary").fill(fields.summary);
  if (fields.url) await page.getByLabel("URL", { exact: true }).fill(fields.url);
  if (fields.publishedAt) await page.getByLabel("Published at").fill(fields.publishedAt);
  await page.getByRole("button", { name: "Create update" }).click();
  await expect(rowOf(page, fields.title)).toBeVisible();
}

async function deleteRow(page: Page, title: string): Promise<void> {
  page.once("dialog", (dialog) => void dialog.accept());
  await rowOf(page, title).getByRole("button", { name: "Delete" }).click();
  await expect(rowOf(page, title)).toHaveCount(0);
}

test.beforeAll(() => {
  expect(ADMIN_PASSWORD, "E2E_ADMIN_PASSWORD must be set").not.toBe("");
});

test("locked view: wrong password is refused, the right one unlocks", async ({ page }) => {
  await page.goto("/admin/updates");
  await expect(page).toHaveTitle(/Site updates · Admin/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("heading", { level: 1, name: "Site updates" })).toBeVisible();
  await expect(page.locator("main#main")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);

  const axeLocked = await axeViolations(page);
  expect(axeLocked.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password").fill("definitely not the password");
  await page.getByRole("button", { name: "Unlock" }).click();
  await expect(page.getByRole("alert")).toHaveText("Incorrect password");
  await expect(page.getByLabel("Password")).toBeFocused();

  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByLabel("Password").press("Enter");
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Site updates" })).toBeFocused();
  await expect(page.getByLabel("Password")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
});

test("create, edit, publish, feature and delete, with the strip following along", async ({
  page,
}) => {
  // The strip's sliding and every style must pass the site's Content-Security-Policy.
  await page.addInitScript(() => {
    const store = window as unknown as { __cspViolations: string[] };
    store.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      store.__cspViolations.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));

  await unlock(page);
  const title = uniqueMarker("mural");
  const edited = `${title} (edited)`;

  // Validation happens in the page before anything is sent.
  await page.getByRole("button", { name: "Create update" }).click();
  await expect(page.getByRole("alert")).toHaveText("Title and summary are required");
  await expect(page.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Summary").fill("Paint with us by the river.");
  await page.getByLabel("URL", { exact: true }).fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Create update" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Enter a full web address starting with http:// or https://",
  );
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByLabel("Title")).toHaveValue("");

  // Defaults: news, published, not featured. Far-future date: newest in the strip.
  await expect(page.getByLabel("Type")).toHaveValue("news");
  await expect(page.getByLabel("Status")).toHaveValue("published");
  await expect(page.getByLabel("Featured", { exact: true })).not.toBeChecked();
  await expect(page.getByLabel("Summary")).toHaveAttribute("maxlength", "240");
  await createUpdate(page, {
    title,
    summary: "Paint with us by the river.",
    url: "https://example.org/mural",
    publishedAt: "2099-06-01T12:00",
  });
  const row = rowOf(page, title);
  await expect(row.locator("time")).toHaveAttribute("datetime", /Z$/);
  await expect(listRegion(page).getByRole("heading", { level: 3 }).first()).toHaveText(title);
  await expect(page.getByLabel("Title")).toHaveValue("");

  // Published but not featured: not in the strip.
  await expect(stripSlides(page, title)).toHaveCount(0);

  await row.getByRole("button", { name: "Feature", exact: true }).click();
  await expect(row.getByRole("button", { name: "Unfeature" })).toBeVisible();
  await expect(stripSlides(page, title)).toHaveCount(1);

  await row.getByRole("button", { name: "Unpublish" }).click();
  await expect(row.getByRole("button", { name: "Publish", exact: true })).toBeVisible();
  await expect(stripSlides(page, title)).toHaveCount(0);

  await row.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(row.getByRole("button", { name: "Unpublish" })).toBeVisible();
  await expect(stripSlides(page, title)).toHaveCount(1);

  // Edit: the form fills in, Title gets focus, Save changes sends it all.
  await row.getByRole("button", { name: "Edit" }).click();
  await expect(page.getByLabel("Title")).toBeFocused();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByLabel("Featured", { exact: true })).toBeChecked();
  await expect(page.getByLabel("Published at")).toHaveValue("2099-06-01T12:00");
  await page.getByLabel("Title").fill(edited);
  await page.getByLabel("Summary").fill("Now with more colour.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(rowOf(page, edited)).toBeVisible();
  await expect(rowOf(page, edited)).toContainText("Now with more colour.");
  await expect(page.getByRole("button", { name: "Create update" })).toBeVisible();
  await expect(stripSlides(page, edited)).toHaveCount(1);
  await expect(stripSlides(page, edited)).toContainText("Now with more colour.");

  const axeUnlocked = await axeViolations(page);
  expect(axeUnlocked.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Reload: still unlocked, the data is still there.
  await page.reload();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveCount(0);
  await expect(rowOf(page, edited)).toBeVisible();

  await rowOf(page, edited).getByRole("button", { name: "Unfeature" }).click();
  await expect(
    rowOf(page, edited).getByRole("button", { name: "Feature", exact: true }),
  ).toBeVisible();
  await expect(stripSlides(page, edited)).toHaveCount(0);

  // Declining the confirmation keeps the update; accepting deletes it.
  page.once("dialog", (dialog) => {
    expect(dialog.type()).toBe("confirm");
    expect(dialog.message()).toBe("Are you sure you want to delete this update?");
    void dialog.dismiss();
  });
  await rowOf(page, edited).getByRole("button", { name: "Delete" }).click();
  await expect(rowOf(page, edited)).toBeVisible();
  await deleteRow(page, edited);
  await page.reload();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(page.getByText("Loading updates...")).toHaveCount(0);
  await expect(rowOf(page, edited)).toHaveCount(0);

  expect(
    await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
  ).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test("the list is one column below 768 px and two columns from 768 px", async ({ page }) => {
  await unlock(page);
  const form = page.getByRole("region", { name: /New update|Edit update/ });
  const list = listRegion(page);

  await page.setViewportSize({ width: 1024, height: 900 });
  let formBox = (await form.boundingBox())!;
  let listBox = (await list.boundingBox())!;
  expect(listBox.x).toBeGreaterThan(formBox.x + formBox.width - 1);

  await page.setViewportSize({ width: 767, height: 900 });
  formBox = (await form.boundingBox())!;
  listBox = (await list.boundingBox())!;
  expect(listBox.y).toBeGreaterThanOrEqual(formBox.y + formBox.height);
  expect(Math.abs(listBox.x - formBox.x)).toBeLessThan(2);
  // Nothing scrolls sideways.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test("logout locks the page, and a reload stays locked", async ({ page }) => {
  await unlock(page);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByLabel("Password")).toBeVisible();
  await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);

  await page.reload();
  await expect(page.getByLabel("Password")).toBeVisible();
  await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
  const session = await page.request.get("/api/session");
  expect(session.status()).toBe(401);
});

test("public pages do not load the admin page's code", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/home-desktop");
  await page.waitForLoadState("networkidle");
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => /admin/i.test(url))).toEqual([]);
});
