import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { expectCleanAtBothWidths } from "./support/axe";
import { unlockStaffPage } from "./support/page";
import { VIEWPORTS } from "./support/routes";
import { adminApi, baseUrlOf, uniquePhone } from "./support/seed";

/**
 * Event reminders and the sending hours on the real server (docs/product.md 5.3a): switch on an
 * event's reminder in its editor and see its session's reminder scheduled; then change the
 * sending hours on /admin/texts, with a clear error first. axe-clean at 390 and 1280 px at each
 * step; screenshots of each step are attached (and kept in E2E_SCREENSHOT_DIR when set).
 */

test.describe.configure({ mode: "serial" });

interface Entry {
  id: string;
  version: number;
  data: Record<string, unknown> & { slug: string };
}

const nextYear = new Date().getFullYear() + 1;

/** The whole page, or only `part` of it (the event editor is many screens long). */
async function shot(page: Page, testInfo: TestInfo, name: string, part?: Locator) {
  const path = process.env.E2E_SCREENSHOT_DIR
    ? { path: `${process.env.E2E_SCREENSHOT_DIR}/${name}.png` }
    : {};
  await testInfo.attach(name, {
    body: part ? await part.screenshot(path) : await page.screenshot({ fullPage: true, ...path }),
    contentType: "image/png",
  });
}

test("staff switch on an event's reminder in its editor and set the sending hours", async ({
  page,
  playwright,
}, testInfo) => {
  // axe runs eight times over the long event editor and the texts page.
  test.setTimeout(240_000);
  const base = baseUrlOf(testInfo);
  const api = await adminApi(playwright, base);
  const optIn = await api.post("/api/sms/subscriptions", { data: { phone: uniquePhone("4") } });
  expect(optIn.status()).toBe(201);
  const events = (await (await api.get("/api/content/events")).json()) as Entry[];
  const first = events.find((entry) => entry.data.slug === "currents-of-care")!;
  const slug = `reminder-walk-${Date.now()}`;
  const created = await api.post("/api/content/events", {
    data: {
      data: {
        ...first.data,
        slug,
        title: "Reminder river walk",
        sessions: [
          { start: `${nextYear}-12-04T18:00:00-08:00`, end: `${nextYear}-12-04T20:00:00-08:00` },
        ],
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const entry = (await created.json()) as Entry;
  const published = await api.post(`/api/content/events/${entry.id}/publish`, {
    data: { version: entry.version },
  });
  expect(published.status(), await published.text()).toBe(200);

  try {
    await page.setViewportSize(VIEWPORTS.desktop);
    await unlockStaffPage(page, `/admin/content/events/${entry.id}`);
    const section = page.getByRole("region", { name: "Text subscribers a reminder" });
    await expect(section).toBeVisible();
    const toggle = section.getByRole("switch", { name: "Send a reminder before each session" });
    await expect(toggle).not.toBeChecked();
    await expect(section.getByRole("radio", { name: "1 day before" })).toBeChecked();
    // The day and time in the event's zone (the weekday depends on the year).
    const made = `Reminder: Reminder river walk, \\w+day, December 4, ${nextYear}, 6:00-8:00 PM`;
    await expect(section.getByLabel("Reminder text")).toHaveValue(new RegExp(`^${made}`));
    await expect(section.getByText(/characters, \d segments? \(GSM-7\), at most 4/)).toBeVisible();
    await expect(section.getByText(new RegExp(`^Commons Learning Design: ${made}`))).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await expectCleanAtBothWidths(page, "event editor, reminder off");
    await page.setViewportSize(VIEWPORTS.mobile);
    await section.scrollIntoViewIfNeeded();
    await shot(page, testInfo, "reminder-1-off-390", section);
    await page.setViewportSize(VIEWPORTS.desktop);

    // Staff's own words name the session's day: the preview shows them filled for it.
    const box = section.getByLabel("Reminder text");
    await expect(box).toHaveAccessibleDescription(/\{day\}, \{time\} and \{place\} become/);
    await box.fill("River walk {day}, {time}. Bring boots!");
    await expect(
      section.getByText(
        new RegExp(
          `^Commons Learning Design: River walk \\w+day, December 4, ${nextYear}, 6:00-8:00 PM\\. Bring boots!`,
        ),
      ),
    ).toBeVisible();
    await section.getByRole("button", { name: "Use the text made from the event" }).click();
    await expect(box).toHaveValue(new RegExp(`^${made}`));

    // On, two days before, saved with the keyboard.
    await toggle.focus();
    await page.keyboard.press("Space");
    await expect(toggle).toBeChecked();
    await section.getByRole("radio", { name: "2 days before" }).check();
    await section.getByRole("button", { name: "Save reminder" }).press("Enter");
    await expect(section.getByRole("status")).toHaveText(
      "Reminder on: each session ahead has its reminder scheduled.",
    );
    const table = section.getByRole("table", { name: "Reminders by session" });
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table.getByText("Scheduled")).toBeVisible();
    await expectCleanAtBothWidths(page, "event editor, reminder on");
    await page.setViewportSize(VIEWPORTS.mobile);
    await section.scrollIntoViewIfNeeded();
    await shot(page, testInfo, "reminder-2-on-390", section);
    await page.setViewportSize(VIEWPORTS.desktop);
    await section.scrollIntoViewIfNeeded();
    await shot(page, testInfo, "reminder-3-on-1280", section);
    const reminder = (await (await api.get(`/api/texts/reminders/${entry.id}`)).json()) as {
      enabled: boolean;
      lead: string;
      reminders: unknown[];
    };
    expect(reminder).toMatchObject({ enabled: true, lead: "2d" });
    expect(reminder.reminders).toHaveLength(1);

    // The sending hours: From must be before To, then saved.
    await page.goto("/admin/texts");
    const from = page.getByLabel("From", { exact: true });
    const to = page.getByLabel("To", { exact: true });
    await expect(from).toHaveValue("09:00");
    await to.fill("08:00");
    await page.getByRole("button", { name: "Save sending hours" }).click();
    await expect(page.getByText("From must be before To.")).toBeVisible();
    await expect(to).toBeFocused();
    await expectCleanAtBothWidths(page, "/admin/texts sending hours error");
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.getByRole("heading", { name: "Sending hours" }).scrollIntoViewIfNeeded();
    await shot(page, testInfo, "hours-1-error-390");
    await page.setViewportSize(VIEWPORTS.desktop);
    await to.fill("19:30");
    await page.getByRole("button", { name: "Save sending hours" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Sending hours saved" })).toHaveText(
      "Sending hours saved: 09:00 to 19:30.",
    );
    await expectCleanAtBothWidths(page, "/admin/texts sending hours saved");
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.getByRole("heading", { name: "Sending hours" }).scrollIntoViewIfNeeded();
    await shot(page, testInfo, "hours-2-saved-1280");
    expect(((await (await api.get("/api/sms/settings")).json()) as object) ?? {}).toEqual({
      sendHours: { from: "09:00", to: "19:30" },
    });
  } finally {
    // The next specs find the hours and the events as they were.
    await api.put("/api/sms/settings", { data: { sendHours: { from: "09:00", to: "20:00" } } });
    await api.put(`/api/texts/reminders/${entry.id}`, {
      data: { enabled: false, lead: "1d", body: null },
    });
    await api.delete(`/api/content/events/${entry.id}`);
    await api.dispose();
  }
});
