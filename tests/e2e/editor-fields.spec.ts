import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { axeViolations, formatViolations } from "./support/axe";
import { unlockStaffPage } from "./support/page";
import { VIEWPORTS } from "./support/routes";
import { adminApi, baseUrlOf } from "./support/seed";

/**
 * Fields in people's terms (docs/product.md 5.4, decision 035): an event's date and time lines
 * are written from its sessions, so moving a session in the editor moves the public page's
 * lines; staff may write a line of their own; a video's format follows its file's name.
 */

test.describe.configure({ mode: "serial" });

interface Entry {
  id: string;
  version: number;
  data: Record<string, unknown> & { slug: string };
}

let api: APIRequestContext;
let original: Entry;

async function currentsOfCare(): Promise<Entry> {
  const events = (await (await api.get("/api/content/events")).json()) as Entry[];
  return events.find((entry) => entry.data.slug === "currents-of-care")!;
}

test.beforeAll(async ({ playwright }, testInfo) => {
  api = await adminApi(playwright, baseUrlOf(testInfo));
  original = await currentsOfCare();
});

// The other specs see the seeded event again.
test.afterAll(async () => {
  const now = await currentsOfCare();
  const saved = await api.put(`/api/content/events/${now.id}`, {
    data: { data: original.data, version: now.version },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const { version } = (await saved.json()) as Entry;
  const published = await api.post(`/api/content/events/${now.id}/publish`, { data: { version } });
  expect(published.status(), await published.text()).toBe(200);
  await api.dispose();
});

const bar = (page: Page) => page.getByRole("region", { name: "Save and publish" });

async function openEvent(page: Page) {
  const entry = await currentsOfCare();
  await unlockStaffPage(page, `/admin/content/events/${entry.id}`);
  await expect(page.getByRole("heading", { level: 2, name: /^Events: / })).toBeVisible();
}

async function publish(page: Page) {
  await bar(page).getByRole("button", { name: "Publish now" }).click();
  await expect(bar(page).getByText(/^Published\. The public site shows it now/)).toBeVisible();
}

/** The public page's text once it shows `text` (a publish re-renders it). */
async function expectPublic(page: Page, path: string, text: string) {
  await expect
    .poll(async () => (await page.request.get(path)).text(), { timeout: 15_000 })
    .toContain(text);
}

test("moving a session in the editor moves the public page's date lines, across the autumn change", async ({
  page,
}) => {
  await openEvent(page);
  const dates = page.getByRole("group", { name: "Dates as shown" });
  await expect(dates.getByText("Saturdays, October 11 and 25, 2025")).toBeVisible();
  const second = page.getByRole("button", { name: /^Session 2 / });
  await second.click();
  const item = page.locator("li").filter({ has: second });
  for (const half of ["Start", "End"]) {
    await item.getByRole("group", { name: half }).getByLabel("Date").fill("2025-11-08");
  }
  await expect(second).toHaveText("Session 2 Saturday, November 8, 2025, 12:00-3:00 PM");
  await expect(dates.getByText("Saturdays, October 11 and November 8, 2025")).toBeVisible();
  await publish(page);

  const stored = await currentsOfCare();
  const sessions = stored.data.sessions as { start: string; dateLabel?: string }[];
  expect(sessions[1]!.start).toBe("2025-11-08T12:00:00-08:00");
  expect(sessions[1]!.dateLabel).toBeUndefined();
  await expectPublic(page, "/currents-of-care-desktop", "Saturday, November 8, 2025");
  await expectPublic(page, "/events", "Saturdays, October 11 and November 8, 2025");
});

test("a line staff write themselves is shown instead", async ({ page }) => {
  await openEvent(page);
  const dates = page.getByRole("group", { name: "Dates as shown" });
  await dates.getByRole("checkbox", { name: "Write my own" }).check();
  const own = dates.getByLabel(/^Your own dates as shown/);
  await expect(own).toHaveValue("Saturdays, October 11 and November 8, 2025");
  await own.fill("Two Saturdays this autumn");
  await publish(page);
  await expectPublic(page, "/events", "Two Saturdays this autumn");
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`the event editor with a session and 'Write my own' open is axe-clean (${name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openEvent(page);
    await page.getByRole("button", { name: /^Session 1 / }).click();
    await page
      .getByRole("group", { name: /^Time as shown/ })
      .last()
      .getByRole("checkbox", { name: "Write my own" })
      .check();
    const violations = await axeViolations(page);
    expect(violations, formatViolations(`event editor (${name})`, violations)).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test("a video's format is made from its file's name", async ({ page }) => {
  const projects = (await (await api.get("/api/content/projects")).json()) as Entry[];
  const withVideo = projects.find(
    (entry) => (entry.data.media as { type: string }).type === "video",
  )!;
  await unlockStaffPage(page, `/admin/content/projects/${withVideo.id}`);
  const encoding = page.getByRole("button", { name: /^Encoding 1 / });
  await encoding.click();
  const item = page.locator("li").filter({ has: encoding });
  const format = item.getByLabel(/^Format/);
  await expect(format).toHaveValue("WebM video");
  await expect(format).toHaveAttribute("readonly", "");
  await item.getByLabel(/^File/).fill("/video/calm-waves-copy.mp4");
  await expect(format).toHaveValue("MP4 video");
  const violations = await axeViolations(page);
  expect(violations, formatViolations("project editor", violations)).toEqual([]);
});
