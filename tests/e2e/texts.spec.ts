import { expect, test } from "@playwright/test";
import { expectCleanAtBothWidths } from "./support/axe";
import { unlockStaffPage } from "./support/page";
import { VIEWPORTS } from "./support/routes";
import { baseUrlOf, uniqueMarker, uniquePhone } from "./support/seed";

/**
 * The staff texts page (design 13) on the real server (SMS_TRANSPORT=log: texts are written to
 * its log and recorded as sent): write a text, see it as it arrives with its counts, confirm the
 * count, see it listed; then the subscriber's history on /admin/subscribers. axe-clean at 390
 * and 1280 px at each step; screenshots of each step are attached to the report.
 */

test.describe.configure({ mode: "serial" });

test("staff write, confirm and send a text; the subscriber's history shows it", async ({
  page,
  playwright,
}, testInfo) => {
  const base = baseUrlOf(testInfo);
  const phone = uniquePhone("5");
  const visitor = await playwright.request.newContext({
    baseURL: base,
    extraHTTPHeaders: { Origin: new URL(base).origin },
  });
  const optIn = await visitor.post("/api/sms/subscriptions", { data: { phone } });
  expect(optIn.status()).toBe(201);
  await visitor.dispose();

  const shot = async (name: string) =>
    testInfo.attach(name, {
      // E2E_SCREENSHOT_DIR keeps them after a passing run, to look at one by one.
      body: await page.screenshot({
        fullPage: true,
        ...(process.env.E2E_SCREENSHOT_DIR
          ? { path: `${process.env.E2E_SCREENSHOT_DIR}/${name}.png` }
          : {}),
      }),
      contentType: "image/png",
    });

  await page.setViewportSize(VIEWPORTS.desktop);
  await unlockStaffPage(page, "/admin/texts");
  await expect(page.getByRole("heading", { level: 1, name: "Texts" })).toBeVisible();
  const box = page.getByLabel("Text", { exact: true });
  await expect(box).toBeVisible();
  await expectCleanAtBothWidths(page, "/admin/texts empty");
  await page.setViewportSize(VIEWPORTS.desktop);
  await shot("1-texts-empty");

  const marker = uniqueMarker("text");
  await box.fill(`Doors open at 6 tonight. ${marker}`);
  await expect(page.getByText(/characters, 1 segment \(GSM-7\)/)).toBeVisible();
  await expect(
    page.getByText(
      `Commons Learning Design: Doors open at 6 tonight. ${marker} Reply STOP to opt out`,
    ),
  ).toBeVisible();
  const audience = await page.getByText(/Goes to \d+ subscribers?/).textContent();
  const count = /Goes to (\d+) subscriber/.exec(audience ?? "")?.[1];
  expect(Number(count)).toBeGreaterThanOrEqual(1);
  await expectCleanAtBothWidths(page, "/admin/texts written");
  await page.setViewportSize(VIEWPORTS.mobile);
  await shot("2-texts-written-390");
  await page.setViewportSize(VIEWPORTS.desktop);

  await page.getByRole("button", { name: "Send..." }).click();
  const confirm = page.getByRole("group", { name: /^Send this text to \d+ subscribers? now\?$/ });
  await expect(confirm).toBeVisible();
  const yes = confirm.getByRole("button", { name: /^Yes, send to \d+ subscribers?$/ });
  await expect(yes).toBeFocused();
  await expectCleanAtBothWidths(page, "/admin/texts confirming");
  await page.setViewportSize(VIEWPORTS.desktop);
  await shot("3-texts-confirm");

  await yes.press("Enter");
  await expect(
    page.getByRole("status").filter({
      hasText:
        /^Text (sent to \d+ subscribers?\.|stored for \d+ subscribers?: it goes when the sending hours open\.)$/,
    }),
  ).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: marker });
  await expect(row).toContainText("Staff text");
  await expect(async () => {
    await page.getByRole("button", { name: "Refresh" }).click();
    // Outside the sending hours (09:00-20:00 in the site's zone) the text waits, and says until when.
    await expect(row).toContainText(/Sent|Waiting for the sending hours until/);
  }).toPass({ timeout: 15_000 });
  await expectCleanAtBothWidths(page, "/admin/texts sent");
  await page.setViewportSize(VIEWPORTS.desktop);
  await shot("4-texts-sent");

  await page.goto("/admin/subscribers");
  const digits = phone.replace(/\D/g, "");
  const shown = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  const history = page.getByRole("button", { name: `History of ${shown}` });
  await history.click();
  const region = page.locator(`#${await history.getAttribute("aria-controls")}`);
  await expect(region).toContainText("Opted in on");
  await expect(region).toContainText("Opt-in confirmation: sent");
  await expect(region).toContainText(marker);
  await expectCleanAtBothWidths(page, "/admin/subscribers history");
  await page.setViewportSize(VIEWPORTS.mobile);
  await shot("5-subscriber-history-390");
});
