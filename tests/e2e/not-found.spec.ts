import { expect, test } from "@playwright/test";
import { expectCleanAtBothWidths } from "./support/axe";
import { VIEWPORTS } from "./support/routes";

/*
 * A missing page keeps the site around it (design 15): the spec's heading with the status, the
 * header (the navbar at desktop width, the mobile header below 600 px) and footer, and links
 * home, to the events and to contact, answered 404 for any unknown path or event.
 */
for (const path of ["/no-such-page", "/events/no-such-event", "/a/b/c"]) {
  test(`${path} answers 404 with the error screen inside the site`, async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { level: 1, name: "Unexpected Application Error!" }),
    ).toBeVisible();
    await expect(page.getByText("404 Not Found")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Go to the start page" })).toHaveAttribute(
      "href",
      "/",
    );
    await expect(main.getByRole("link", { name: "Events" })).toHaveAttribute("href", "/events");
    await expect(main.getByRole("link", { name: "Contact Us" })).toHaveAttribute(
      "href",
      "/contact-desktop",
    );
    await expect(
      page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }),
    ).toBeVisible();

    await page.setViewportSize(VIEWPORTS.mobile);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Open menu" })).toBeVisible();
    await expectCleanAtBothWidths(page, path);
  });
}

test("keyboard: the skip link leads to the error screen's first way on", async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto("/no-such-page");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(
    page.getByRole("main").getByRole("link", { name: "Go to the start page" }),
  ).toBeFocused();
});

test("the admin path is served the client-only page, not a 404", async ({ page }) => {
  const response = await page.goto("/admin/updates");
  expect(response?.status()).toBe(200);
});
