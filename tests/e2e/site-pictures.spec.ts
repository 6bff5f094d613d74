import { expect, test } from "@playwright/test";
import { unlockStaffPage } from "./support/page";

/**
 * The site's own pictures in the media library (decision 034) on a fresh install: /admin/media
 * lists them with where each is used; the course icon is picked from the library and the
 * services page's HTML names it exactly as before.
 */

test("the media library shows the site's own pictures, each saying where it is used", async ({
  page,
}) => {
  await unlockStaffPage(page, "/admin/media");
  const heading = page.getByRole("heading", { level: 2, name: /^Images \(\d+\)$/ });
  await expect(heading).toBeVisible();
  const count = Number(/\((\d+)\)/.exec((await heading.textContent())!)![1]);
  expect(count).toBeGreaterThanOrEqual(23);
  for (const [address, place] of [
    ["/images/hero-backdrop.webp", "Home page"],
    ["/images/flyer.webp", "Events: "],
    ["/icons/gamepad.svg", "Courses: Game Design for Adults"],
    ["/images/partners/northmere-university.svg", "Partners: "],
  ] as const) {
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("link", { name: address }) });
    await expect(card, address).toHaveCount(1);
    await expect(card, address).toContainText(place);
    // Its thumbnail is the file the site serves (decorative ones have no role: by tag).
    const thumbnail = card.locator("img");
    await thumbnail.scrollIntoViewIfNeeded();
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth), address)
      .toBeGreaterThan(0);
  }
});

test("the course icon is a pick from the library; the services page shows it as before", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/services-desktop")).text();
  expect(html).toMatch(
    /<img class="[^"]+" src="\/icons\/gamepad\.svg" alt="" width="32" height="32" loading="lazy" decoding="async"\/>/,
  );

  await unlockStaffPage(page, "/admin/content/courses");
  await page
    .getByRole("link", { name: /Game Design for Adults/ })
    .first()
    .click();
  const icon = page.getByLabel("Icon", { exact: false }).first();
  await expect(icon).toHaveValue("/icons/gamepad.svg");
  await icon.fill("");
  await page.getByRole("button", { name: "Choose from library" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog
    .getByRole("button", { name: /Decorative picture/ })
    .first()
    .waitFor();
  await dialog.locator("button", { has: page.locator('img[src="/icons/gamepad.svg"]') }).click();
  await expect(icon).toHaveValue("/icons/gamepad.svg");
});
