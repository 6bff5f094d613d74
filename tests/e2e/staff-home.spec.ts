import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { axeViolations, formatViolations, pageFailures } from "./support/axe";
import { mailedLinkPath } from "./support/mail";
import { unlockStaffPage } from "./support/page";
import { VIEWPORTS } from "./support/routes";
import { adminApi, baseUrlOf, uniqueMarker } from "./support/seed";

/**
 * The staff home (docs/product.md 5.6, decision 034) against the real server: Before launch
 * shrinks as a placeholder is fixed, drafts and scheduled changes appear with links to their
 * editors, the newest messages appear for the owner and not for a contributor (whose API call
 * is refused); axe-clean and no sideways scrolling at 390 and 1280 px.
 */

test.describe.configure({ mode: "serial" });

let api: APIRequestContext;

test.beforeAll(async ({ playwright }, testInfo) => {
  api = await adminApi(playwright, baseUrlOf(testInfo));
});
test.afterAll(async () => {
  await api.dispose();
});

const region = (page: Page, name: string) => page.getByRole("region", { name });

interface Entry {
  id: string;
  version: number;
  data: Record<string, unknown>;
}

async function firstEntry(collection: string): Promise<Entry> {
  return ((await (await api.get(`/api/content/${collection}`)).json()) as Entry[])[0]!;
}

async function discard(collection: string) {
  const entry = await firstEntry(collection);
  await api.post(`/api/content/${collection}/${entry.id}/draft/discard`, {
    data: { version: entry.version },
  });
}

test("Home is first in the staff navigation; Before launch shrinks as a placeholder is fixed", async ({
  page,
}) => {
  await unlockStaffPage(page, "/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Staff pages" });
  expect((await nav.getByRole("link").allTextContents())[0]).toBe("Home");

  // Drafts and messages come before it; it is grouped, with a count and a progress bar.
  const section = region(page, "Before launch");
  await expect(section.getByText(/^0 of \d+ done$/)).toBeVisible();
  const total = Number(/of (\d+)/.exec((await section.getByText(/ done$/).textContent())!)![1]);
  await expect(section.getByRole("progressbar")).toHaveAttribute("max", String(total));
  const events = section
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: "Events", exact: true }) });
  await events.locator("summary").click();
  await events.getByRole("link", { name: /Location › Place$/ }).click();
  const field = page.locator("#field-location-name");
  await expect(field).toBeFocused();
  await field.fill("The real venue");
  const bar = page.getByRole("region", { name: "Save and publish" });
  await bar.getByRole("button", { name: "Save draft" }).click();
  await expect(bar.getByText(/^Draft saved/)).toBeVisible();

  await nav.getByRole("link", { name: "Home" }).click();
  await expect(section.getByText(`1 of ${total} done`)).toBeVisible();
  await events.locator("summary").click();
  await expect(section.getByRole("link", { name: /Location › Place$/ })).toHaveCount(0);
  // The saved draft is listed, a link to its editor.
  const pending = region(page, "Drafts and scheduled changes");
  await expect(pending.getByRole("link", { name: /^Events: / })).toHaveAttribute(
    "href",
    /^\/admin\/content\/events\/[\w-]+$/,
  );
  await discard("events");
});

test("drafts and scheduled changes appear, the scheduled one with its time", async ({ page }) => {
  const about = await firstEntry("about");
  const saved = await api.put(`/api/content/about/${about.id}`, {
    data: { data: about.data, version: about.version },
  });
  expect(saved.status()).toBe(200);
  const at = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
  const scheduled = await api.post(`/api/content/about/${about.id}/publish`, {
    data: { version: ((await saved.json()) as Entry).version, at },
  });
  expect(scheduled.status()).toBe(202);
  const home = await firstEntry("home");
  expect(
    (
      await api.put(`/api/content/home/${home.id}`, {
        data: { data: home.data, version: home.version },
      })
    ).status(),
  ).toBe(200);

  try {
    await unlockStaffPage(page, "/admin");
    const pending = region(page, "Drafts and scheduled changes");
    const items = pending.getByRole("listitem");
    await expect(items.first()).toContainText("About page: scheduled for");
    await expect(items.first().locator("time")).toHaveAttribute("datetime", at);
    await expect(pending.getByRole("link", { name: "Home page" })).toHaveAttribute(
      "href",
      "/admin/content/home",
    );
    await pending.getByRole("link", { name: "About page" }).click();
    await expect(page).toHaveURL(/\/admin\/content\/about$/);
  } finally {
    const current = await firstEntry("about");
    await api.delete(`/api/content/about/${current.id}/schedule`);
    await discard("about");
    await discard("home");
  }
});

test("the owner sees the newest messages; a contributor does not, and the API refuses them", async ({
  page,
  browser,
}) => {
  const marker = uniqueMarker("home");
  const sent = await api.post("/api/contact", {
    data: { firstName: "Avery", lastName: "Quill", email: "avery@example.org", message: marker },
  });
  expect(sent.ok()).toBe(true);
  await unlockStaffPage(page, "/admin");
  const messages = region(page, "Newest messages");
  await expect(messages.getByRole("listitem").first()).toContainText(marker);
  await expect(messages.getByRole("link", { name: "All messages" })).toHaveAttribute(
    "href",
    "/admin/messages",
  );

  // Axe and no sideways scrolling, with every block shown.
  const failures: string[] = [];
  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await expect(messages).toBeVisible();
    failures.push(...(await pageFailures(page, `/admin ${viewport.width}px`)));
  }
  expect(failures, failures.join("\n")).toEqual([]);

  // A contributor joins by invitation and opens the staff home.
  const email = `contributor-${marker.toLowerCase().replace(/[^a-z0-9]/g, "")}@example.org`;
  const password = "contributor chooses a long passphrase";
  const invited = await api.post("/api/staff/invitations", {
    data: { email, role: "contributor" },
  });
  expect(invited.status()).toBe(201);
  const token = (await mailedLinkPath(email)).split("/").pop()!;
  const context = await browser.newContext();
  try {
    const contributor = await context.newPage();
    const joined = await contributor.request.post(`/api/invitations/${token}`, {
      data: { name: "Casey Contributor", password },
      headers: { Origin: new URL(baseUrlOf(test.info())).origin },
    });
    expect(joined.ok()).toBe(true);
    await contributor.goto("/admin");
    await expect(contributor.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(region(contributor, "Drafts and scheduled changes")).toBeVisible();
    await expect(region(contributor, "Newest messages")).toHaveCount(0);
    expect((await contributor.request.get("/api/admin/messages?limit=5")).status()).toBe(403);
    const violations = await axeViolations(contributor);
    expect(violations, formatViolations("/admin as a contributor", violations)).toEqual([]);
  } finally {
    await context.close();
  }
});
