import { expect, test, type APIRequestContext } from "@playwright/test";
import { fetchServed, normalizeText } from "./support/served";
import { adminApi, baseUrlOf, uniqueMarker } from "./support/seed";

/**
 * Publishing reaches the served HTML without a rebuild (docs/product.md section 14): a course
 * title changed through the content API shows in the server-rendered /services-desktop on the
 * next request, as a visitor without JavaScript gets it; a scheduled change appears at its time
 * by itself; restoring the seeded revision brings the old title back; a draft never shows.
 *
 * Other specs read the seeded texts from the same server: afterAll cancels any schedule and
 * publishes the course's seeded revision again.
 */

test.describe.configure({ mode: "serial" });

const PAGE = "/services-desktop";

interface CourseEntry {
  id: string;
  version: number;
  data: { id: number; title: string; variant: string } & Record<string, unknown>;
  draft: { data: { title: string } } | null;
  publish_at: string | null;
}

let api: APIRequestContext;
/** A public client: no session cookie. */
let visitor: APIRequestContext;
let course: CourseEntry;
let seededTitle = "";
let publishedTitle = "";

async function courseEntry(): Promise<CourseEntry> {
  const response = await api.get(`/api/content/courses/${course.id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as CourseEntry;
}

/** Saves `title` as the course's draft. */
async function saveDraft(title: string): Promise<CourseEntry> {
  const current = await courseEntry();
  const response = await api.put(`/api/content/courses/${current.id}`, {
    data: { data: { ...current.data, title }, version: current.version },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as CourseEntry;
}

/** The served HTML of the page, as a visitor without a session and without JavaScript gets it. */
async function servedHtml(path = PAGE): Promise<string> {
  const served = await fetchServed(visitor, path);
  expect(served.status).toBe(200);
  return served.html;
}

/** The texts of the page's course titles (level-3 headings of the main landmark). */
async function servedHeadings(path = PAGE): Promise<string[]> {
  const served = await fetchServed(visitor, path);
  return [...served.document.querySelectorAll("main h3")].map((h) => normalizeText(h.textContent));
}

test.beforeAll(async ({ playwright }, testInfo) => {
  const baseURL = baseUrlOf(testInfo);
  api = await adminApi(playwright, baseURL);
  visitor = await playwright.request.newContext({ baseURL });
  const response = await api.get("/api/content/courses");
  expect(response.status()).toBe(200);
  const courses = (await response.json()) as CourseEntry[];
  // The first desktop course of the list: the first course the services page shows.
  course = courses.find((entry) => entry.data?.variant === "desktop")!;
  expect(course).toBeDefined();
  seededTitle = course.data.title;
});

test.afterAll(async () => {
  // Leave the shared database as the seed made it: no schedule, the seeded revision published.
  const entry = await courseEntry();
  if (entry.publish_at) {
    const cancelled = await api.delete(`/api/content/courses/${entry.id}/schedule`);
    expect(cancelled.status()).toBe(200);
  }
  if ((await courseEntry()).data.title !== seededTitle) {
    const restored = await api.post(`/api/content/courses/${entry.id}/revisions/1/restore`);
    expect(restored.status()).toBe(200);
  }
  expect((await courseEntry()).data.title).toBe(seededTitle);
  expect(await servedHtml()).toContain(seededTitle);
  await visitor.dispose();
  await api.dispose();
});

test("a saved draft is never in the public HTML, with or without ?preview", async () => {
  const draft = uniqueMarker("Draft course");
  const saved = await saveDraft(draft);
  expect(saved.draft?.data.title).toBe(draft);
  expect(saved.data.title).toBe(seededTitle);

  for (const path of [PAGE, `${PAGE}?preview`, `${PAGE}.data`, `${PAGE}.data?preview`]) {
    const response = await visitor.get(path);
    expect(response.status()).toBe(200);
    const body = await response.text();
    expect(body, path).not.toContain(draft);
    expect(response.headers()["x-robots-tag"], path).toBeUndefined();
  }
  expect(await servedHtml()).toContain(seededTitle);

  // The staff session sees it in the preview, uncached and noindex.
  const preview = await api.get(`${PAGE}?preview`);
  expect(await preview.text()).toContain(draft);
  expect(preview.headers()["cache-control"]).toBe("no-store");
  expect(preview.headers()["x-robots-tag"]).toBe("noindex");
});

test("a published title is in the served HTML on the next request, without JavaScript", async ({
  browser,
}) => {
  publishedTitle = uniqueMarker("Published course");
  await saveDraft(publishedTitle);
  const published = await api.post(`/api/content/courses/${course.id}/publish`, { data: {} });
  expect(published.status(), await published.text()).toBe(200);

  // The very next request: no rebuild, no waiting.
  const html = await servedHtml();
  expect(html).toContain(publishedTitle);
  expect(html).not.toContain(seededTitle);
  expect(await servedHeadings()).toContain(publishedTitle);

  // A browser with JavaScript off shows the same.
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const response = await page.goto(PAGE);
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole("main").getByRole("heading", { name: publishedTitle }),
    ).toBeVisible();
    await expect(page.getByText(seededTitle)).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test("a scheduled title appears in the served HTML at its time, by itself", async () => {
  const scheduledTitle = uniqueMarker("Scheduled course");
  await saveDraft(scheduledTitle);
  const at = new Date(Date.now() + 4_000);
  const scheduled = await api.post(`/api/content/courses/${course.id}/publish`, {
    data: { at: at.toISOString() },
  });
  expect(scheduled.status(), await scheduled.text()).toBe(202);
  // Not before its time.
  expect(await servedHtml()).not.toContain(scheduledTitle);

  // Within 5 s of its time (docs/product.md 14.2), polled without any staff request.
  await expect
    .poll(async () => (await servedHtml()).includes(scheduledTitle), {
      timeout: 4_000 + 5_000 + 2_000,
      intervals: [250],
    })
    .toBe(true);
  const lateMs = Date.now() - at.getTime();
  console.log(
    `scheduled title in the served HTML ${lateMs} ms after its time (polled every 250 ms)`,
  );
  expect(lateMs).toBeLessThan(5_000 + 1_000);
  expect((await courseEntry()).publish_at).toBeNull();
  expect(await servedHtml()).not.toContain(publishedTitle);
});

test("restoring the seeded revision brings the old title back to the served HTML", async () => {
  const response = await api.get(`/api/content/courses/${course.id}/revisions`);
  expect(response.status()).toBe(200);
  const revisions = (await response.json()) as { revision: number; data: { title: string } }[];
  const seeded = revisions.find((revision) => revision.revision === 1);
  expect(seeded?.data.title).toBe(seededTitle);

  const restored = await api.post(`/api/content/courses/${course.id}/revisions/1/restore`);
  expect(restored.status(), await restored.text()).toBe(200);
  const html = await servedHtml();
  expect(html).toContain(seededTitle);
  expect(html).not.toContain(publishedTitle);
  expect(await servedHeadings()).toContain(seededTitle);
});
