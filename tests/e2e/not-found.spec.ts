import { expect, test } from "@playwright/test";

test("an unknown path answers 404 with the error screen and a way home", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
  await expect(page.getByText(/404/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the start page" })).toBeVisible();
});

test("the admin path is served the client-only page, not a 404", async ({ page }) => {
  const response = await page.goto("/admin/updates");
  expect(response?.status()).toBe(200);
});
