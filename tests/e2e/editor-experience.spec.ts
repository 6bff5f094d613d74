import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { pageFailures } from "./support/axe";
import { unlockStaffPage } from "./support/page";
import { VIEWPORTS } from "./support/routes";
import { adminApi, baseUrlOf } from "./support/seed";

/**
 * The editor's action bar (docs/product.md 5.4, decision 030): in view while staff edit the top
 * and the bottom of the Home editor, the longest one, at a phone's and a laptop's width; Discard
 * draft takes the entry back to its published version.
 */

test.describe.configure({ mode: "serial" });

let api: APIRequestContext;

test.beforeAll(async ({ playwright }, testInfo) => {
  api = await adminApi(playwright, baseUrlOf(testInfo));
});
test.afterAll(async () => {
  await api.dispose();
});

const bar = (page: Page) => page.getByRole("region", { name: "Save and publish" });

async function expectInViewport(page: Page) {
  const box = await bar(page).boundingBox();
  const height = page.viewportSize()!.height;
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(-1);
  expect(box!.y + box!.height).toBeLessThanOrEqual(height + 1);
  await expect(bar(page).getByRole("button", { name: "Save draft" })).toBeInViewport();
  await expect(bar(page).getByRole("button", { name: "Publish now" })).toBeInViewport();
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`the action bar stays in view at the top and the bottom of the Home editor (${name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await unlockStaffPage(page, "/admin/content/home");
    await expect(page.getByRole("heading", { level: 2, name: /Home/ })).toBeVisible();
    const form = page.locator("#entry-form");
    const first = form.locator("input, textarea").first();
    await first.focus();
    await expectInViewport(page);
    // The focused field is not under the bar (WCAG 2.4.11).
    await expect(first).toBeInViewport();

    const last = form.locator("input:not([type=file]), textarea").last();
    await last.focus();
    await last.press("End");
    await expect(last).toBeInViewport();
    await expectInViewport(page);
    const lastBox = (await last.boundingBox())!;
    const barBox = (await bar(page).boundingBox())!;
    expect(lastBox.y).toBeGreaterThanOrEqual(barBox.y + barBox.height - 1);
    // No page scrolls sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test("Discard draft returns the Home entry to its published version", async ({ page }) => {
  await unlockStaffPage(page, "/admin/content/home");
  const form = page.locator("#entry-form");
  const field = form.locator("input[type=text]").first();
  const published = await field.inputValue();
  await field.fill(`${published} (draft)`);
  await bar(page).getByRole("button", { name: "Save draft" }).click();
  await expect(bar(page).getByText(/^Draft saved/)).toBeVisible();
  await expect(bar(page).getByText("Draft changes")).toBeVisible();

  page.once("dialog", (dialog) => void dialog.accept());
  await bar(page).getByRole("button", { name: "Discard draft" }).click();
  await expect(bar(page).getByText(/^Draft discarded/)).toBeVisible();
  await expect(field).toHaveValue(published);
  await expect(bar(page).getByText("Published", { exact: true })).toBeVisible();
  const [entry] = (await (await api.get("/api/content/home")).json()) as { draft: unknown }[];
  expect(entry!.draft).toBeNull();
});

test("list items collapse and open by keyboard, focus kept; the contents list moves focus to a section", async ({
  page,
}) => {
  await unlockStaffPage(page, "/admin/content/home");
  const form = page.locator("#entry-form");
  // The first item toggle (list items of several fields; its aria-controls ends in -fields).
  const toggle = form
    .locator("button[aria-expanded][aria-controls$='-fields']")
    .filter({ visible: true })
    .first();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  const controls = (await toggle.getAttribute("aria-controls"))!;
  await expect(page.locator(`[id="${controls}"]`)).toBeHidden();
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(toggle).toBeFocused();
  await expect(page.locator(`[id="${controls}"]`)).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(
    page.locator(`[id="${controls}"] :is(input, textarea, select)`).first(),
  ).toBeFocused();
  await toggle.focus();
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toBeFocused();

  const contents = page.getByRole("navigation", { name: "Sections" });
  const link = contents.getByRole("link").nth(2);
  await link.focus();
  await page.keyboard.press("Enter");
  const href = (await link.getAttribute("href"))!;
  await expect(page.locator(href)).toBeFocused();
  await expect(page.locator(href)).toBeInViewport();
});

test("the link picker shows the stored page by name and stores the path it names", async ({
  page,
}) => {
  await unlockStaffPage(page, "/admin/content/services");
  const [before] = (await (await api.get("/api/content/services")).json()) as {
    id: string;
    version: number;
    data: { contactButton: { to: string } };
  }[];
  const picker = page.locator("#field-contactButton-to");
  await expect(picker).toHaveValue(before!.data.contactButton.to);
  await picker.selectOption({ label: "About: Mobile page" });
  await bar(page).getByRole("button", { name: "Save draft" }).click();
  await expect(bar(page).getByText(/^Draft saved/)).toBeVisible();
  const [after] = (await (await api.get("/api/content/services")).json()) as {
    draft: { data: { contactButton: { to: string } } };
  }[];
  expect(after!.draft.data.contactButton.to).toBe("/about-mobile");
  page.once("dialog", (dialog) => void dialog.accept());
  await bar(page).getByRole("button", { name: "Discard draft" }).click();
  await expect(picker).toHaveValue(before!.data.contactButton.to);
});

test("an event session's time round-trips across a daylight-saving change", async ({ page }) => {
  const [event] = (await (await api.get("/api/content/events")).json()) as {
    id: string;
    data: { timezone: string; sessions: { start: string; end: string }[] };
  }[];
  await unlockStaffPage(page, `/admin/content/events/${event!.id}`);
  await page.getByRole("button", { name: /^Session 1 / }).click();
  const date = page.locator("#field-sessions-0-start");
  const time = page.locator("#field-sessions-0-start-time");
  const endDate = page.locator("#field-sessions-0-end");
  // Move the session to the Saturday after the clocks go back (2 November 2025 in Los Angeles).
  const wallTime = await time.inputValue();
  await date.fill("2025-11-08");
  await endDate.fill("2025-11-08");
  await bar(page).getByRole("button", { name: "Save draft" }).click();
  await expect(bar(page).getByText(/^Draft saved/)).toBeVisible();
  const saved = (await (await api.get(`/api/content/events/${event!.id}`)).json()) as {
    version: number;
    draft: { data: { sessions: { start: string }[] } };
  };
  expect(saved.draft.data.sessions[0]!.start).toBe(`2025-11-08T${wallTime}:00-08:00`);
  // Reopened, it reads the same wall clock; moved back to October, the summer offset returns.
  await page.reload();
  await page.getByRole("button", { name: /^Session 1 / }).click();
  await expect(date).toHaveValue("2025-11-08");
  await expect(time).toHaveValue(wallTime);
  page.once("dialog", (dialog) => void dialog.accept());
  await bar(page).getByRole("button", { name: "Discard draft" }).click();
  await expect(bar(page).getByText(/^Draft discarded/)).toBeVisible();
  const back = (await (await api.get(`/api/content/events/${event!.id}`)).json()) as {
    draft: unknown;
    data: { sessions: { start: string }[] };
  };
  expect(back.draft).toBeNull();
  expect(back.data.sessions[0]!.start).toBe(event!.data.sessions[0]!.start);
});

test("axe finds nothing on every staff page at 390 and 1280 px; the phone menu is compact", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const pages = [
    "/admin",
    "/admin/updates",
    "/admin/messages",
    "/admin/subscribers",
    "/admin/texts",
    "/admin/content",
    "/admin/content/home",
    "/admin/content/events",
    "/admin/media",
  ];
  const failures: string[] = [];
  await unlockStaffPage(page, "/admin/content");
  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
      await expect(page.getByText("Loading…")).toHaveCount(0);
      failures.push(...(await pageFailures(page, `${path} ${viewport.width}px`)));
    }
  }
  expect(failures, failures.join("\n")).toEqual([]);
  // At 390 px: one Menu button; opened, the staff pages.
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto("/admin/content");
  const nav = page.getByRole("navigation", { name: "Staff pages" });
  await expect(nav.getByRole("link", { name: "Content" })).toBeHidden();
  await nav.getByRole("button", { name: /Menu/ }).click();
  await nav.getByRole("link", { name: "Media library" }).click();
  await expect(page).toHaveURL(/\/admin\/media$/);
});

test("an update picks its image from the media library; a pasted address still works", async ({
  page,
}) => {
  const png = await sharp({
    create: { width: 640, height: 400, channels: 3, background: { r: 40, g: 120, b: 90 } },
  })
    .png()
    .toBuffer();
  const uploaded = await api.post("/api/media", {
    multipart: {
      alt: "A green test card",
      file: { name: "card.png", mimeType: "image/png", buffer: png },
    },
  });
  expect(uploaded.status()).toBe(201);
  await unlockStaffPage(page, "/admin/updates");
  const form = page.getByRole("region", { name: /New update|Edit update/ });
  await form.getByRole("button", { name: "Choose from library" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose a picture for the update" });
  await dialog
    .getByRole("button", { name: /A green test card/ })
    .first()
    .click();
  // Site-relative (decision 034): no host is stored.
  await expect(form.getByLabel("Image URL")).toHaveValue(/^\/media\/[0-9a-f]{16}-\d+\.webp$/);
  await form.getByLabel("Image URL").fill("https://example.org/pasted.jpg");
  await expect(form.getByLabel("Image URL")).toHaveValue("https://example.org/pasted.jpg");
});
