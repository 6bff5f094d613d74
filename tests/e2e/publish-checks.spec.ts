import { expect, test } from "@playwright/test";
import { expectCleanAtBothWidths } from "./support/axe";
import { unlockStaffPage } from "./support/page";
import { adminApi, baseUrlOf } from "./support/seed";

/**
 * Decision 044 in the browser: a new event saves as a draft with nothing filled in; Publish now
 * names each missing field in the action bar with a link that focuses it; the editor with those
 * messages is axe-clean at 390 and 1280 px. Nothing is published (the draft is deleted after).
 */
test("an empty new event saves as a draft; Publish names each missing field with a link to it", async ({
  page,
  playwright,
}, testInfo) => {
  await unlockStaffPage(page, "/admin/content/events/new");
  const bar = page.getByRole("region", { name: "Save and publish" });
  await bar.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/admin\/content\/events\/[0-9a-f-]{36}$/);
  await expect(bar.getByText(/^Draft saved/)).toBeVisible();
  const id = page.url().split("/").pop()!;
  try {
    await bar.getByRole("button", { name: "Publish now" }).click();
    await expect(bar.getByRole("alert")).toHaveText(
      /^\d+ fields need attention before publishing:$/,
    );
    const links = bar.getByRole("list", { name: "Fields that need attention" });
    await expect(links.getByRole("link", { name: "Title" })).toBeVisible();
    await links.getByRole("link", { name: "Location › Place" }).click();
    await expect(page.locator("#field-location-name")).toBeFocused();
    await expectCleanAtBothWidths(page, "event editor with publish messages");
  } finally {
    const api = await adminApi(playwright, baseUrlOf(testInfo));
    expect((await api.delete(`/api/content/events/${id}`)).status()).toBe(204);
    await api.dispose();
  }
});
