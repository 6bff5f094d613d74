import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { axeViolations } from "./support/axe";
import { unlockStaffPage } from "./support/page";
import { uniqueMarker } from "./support/seed";

/**
 * The media library page against the real server: keyboard upload with alt text, drag and
 * drop, the server's 415 shown, the image served and shown, delete (docs/product.md 5.4, 14.1).
 */

test.describe.configure({ mode: "serial" });

/** A small PNG drawn for this run (unique, so an earlier run's copy is never "already there"). */
async function drawnPng(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 700,
      height: 420,
      channels: 3,
      background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: 120 },
    },
  })
    .png()
    .toBuffer();
}

function card(page: Page, alt: string) {
  return page
    .getByRole("list", { name: /^Images/ })
    .getByRole("listitem")
    .filter({ hasText: alt });
}

test("upload by keyboard, see it served and listed, delete it; a text file gets the 415 message", async ({
  page,
}) => {
  await unlockStaffPage(page);
  await page.goto("/admin/media");
  await expect(page.getByRole("heading", { level: 1, name: "Media library" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Images \(\d+\)$/ })).toBeVisible();

  const alt = uniqueMarker("River at dusk");
  await page.getByLabel("Image file").setInputFiles({
    name: "river.png",
    mimeType: "image/png",
    buffer: await drawnPng(Date.now() % 1000),
  });
  await page.getByRole("textbox", { name: "Alt text" }).fill(alt);
  await page.getByRole("textbox", { name: "Alt text" }).press("Enter");
  await expect(page.getByText("Image uploaded.")).toBeAttached();

  const uploaded = card(page, alt);
  await expect(uploaded).toBeVisible();
  await expect(uploaded).toContainText("700 × 420 px");
  await expect(uploaded).toContainText("Not used on the site.");
  const thumbnail = uploaded.getByRole("img", { name: alt });
  await expect
    .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(320);
  const address = (await uploaded.getByRole("link").textContent()) ?? "";
  expect(address).toMatch(/^\/media\/[0-9a-f]{16}-700\.png$/);
  const served = await page.request.get(address);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  expect((await axeViolations(page)).map((violation) => violation.id)).toEqual([]);

  // A text file with an image's name: the server's message is shown and focused.
  await page.getByLabel("Image file").setInputFiles({
    name: "notes.png",
    mimeType: "image/png",
    buffer: Buffer.from("These are notes, not a picture.\n".repeat(10)),
  });
  await page.getByRole("textbox", { name: "Alt text" }).fill("Notes");
  await page.getByRole("button", { name: "Upload" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText("The file is not a JPEG, PNG, WebP or AVIF image");
  await expect(alert).toBeFocused();

  page.once("dialog", (dialog) => void dialog.accept());
  await uploaded.getByRole("button", { name: "Delete" }).click();
  await expect(uploaded).toHaveCount(0);
  expect((await page.request.get(address)).status()).toBe(404);
});

test("a file dropped on the box is uploaded as decorative", async ({ page }) => {
  await unlockStaffPage(page);
  await page.goto("/admin/media");
  await expect(page.getByRole("heading", { name: /^Images \(\d+\)$/ })).toBeVisible();
  const before = await page
    .getByRole("list", { name: /^Images/ })
    .getByRole("listitem")
    .count();

  const bytes = [...(await drawnPng((Date.now() % 1000) + 1))];
  const zone = page.getByLabel("Image file").locator("xpath=..");
  const dataTransfer = await page.evaluateHandle((data) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(data)], "dropped.png", { type: "image/png" }));
    return transfer;
  }, bytes);
  await zone.dispatchEvent("dragenter", { dataTransfer });
  await zone.dispatchEvent("drop", { dataTransfer });
  await expect(page.getByText(/Chosen: dropped\.png/)).toBeVisible();

  await page.getByRole("checkbox", { name: "Decorative" }).check();
  await expect(page.getByRole("textbox", { name: "Alt text" })).toBeDisabled();
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Image uploaded.")).toBeAttached();
  const items = page.getByRole("list", { name: /^Images/ }).getByRole("listitem");
  await expect(items).toHaveCount(before + 1);
  await expect(items.first()).toContainText("Decorative image (no alt text)");
  // alt="" makes it presentational: screen readers skip it, as a decorative image should be.
  await expect(items.first().locator("img")).toHaveAttribute("alt", "");
  await expect(items.first().getByRole("img")).toHaveCount(0);
});
