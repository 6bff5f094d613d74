import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { mediaInUseMessage } from "#common/media";
import { axeViolations, formatViolations } from "./support/axe";
import { unlockStaffPage } from "./support/page";
import { VIEWPORTS } from "./support/routes";
import { adminApi, baseUrlOf, uniqueMarker } from "./support/seed";

/**
 * A team member's photo, end to end (docs/product.md 5.4, 14.1): upload it in the content
 * editor with its alt text, publish, see the About page serve it as AVIF and WebP copies from
 * /media/, see the media library name where it is used and refuse to delete it, and the
 * library picker pass axe at both widths. Afterwards the member's seeded revision is published
 * again and the image deleted, so later specs see the seed.
 */

test.describe.configure({ mode: "serial" });

interface TeamEntry {
  id: string;
  version: number;
  data: { name: string; photo?: { src: string } } & Record<string, unknown>;
}

interface LibraryItem {
  id: string;
  alt: string;
  used_in: string[];
}

let api: APIRequestContext;
let member: TeamEntry;
const alt = uniqueMarker("Portrait of the principal");

async function teamEntries(): Promise<TeamEntry[]> {
  const response = await api.get("/api/content/team");
  expect(response.status()).toBe(200);
  return (await response.json()) as TeamEntry[];
}

async function libraryItem(): Promise<LibraryItem | undefined> {
  const response = await api.get("/api/media");
  expect(response.status()).toBe(200);
  return ((await response.json()) as LibraryItem[]).find((item) => item.alt === alt);
}

/** A portrait-shaped PNG drawn for this run (unique, so the library never has it already). */
async function drawnPortrait(): Promise<Buffer> {
  const seed = Date.now() % 997;
  return sharp({
    create: {
      width: 800,
      height: 1000,
      channels: 3,
      background: { r: (seed * 31) % 256, g: (seed * 7) % 256, b: 90 },
    },
  })
    .png()
    .toBuffer();
}

function photoGroup(page: Page) {
  return page.getByRole("group", { name: /^Photo/ });
}

test.beforeAll(async ({ playwright }, testInfo) => {
  api = await adminApi(playwright, baseUrlOf(testInfo));
  member = (await teamEntries())[0]!;
  expect(member.data.photo).toBeUndefined();
});

test.afterAll(async () => {
  // Later specs read the About page: publish the member's seeded revision again (no photo),
  // then the image is free and is deleted from the library.
  const restored = await api.post(`/api/content/team/${member.id}/revisions/1/restore`);
  expect(restored.status()).toBe(200);
  const entry = (await teamEntries()).find((candidate) => candidate.id === member.id)!;
  expect(entry.data).toEqual(member.data);
  const item = await libraryItem();
  if (item) {
    expect(item.used_in).toEqual([]);
    expect((await api.delete(`/api/media/${item.id}`)).status()).toBe(204);
  }
  await api.dispose();
});

test("upload a team member's photo in the editor and publish it", async ({ page }) => {
  await unlockStaffPage(page, "/admin/content");
  await page
    .getByRole("table", { name: "Content collections" })
    .getByRole("link", { name: "Team" })
    .click();
  await page.getByRole("link", { name: member.data.name }).click();
  await expect(
    page.getByRole("heading", { level: 2, name: `Team: ${member.data.name}` }),
  ).toBeVisible();

  await page.getByRole("button", { name: "Add Photo" }).click();
  const photo = photoGroup(page);
  await photo.getByRole("textbox", { name: "Alt text" }).fill(alt);
  await photo.getByLabel("Upload picture").setInputFiles({
    name: "portrait.png",
    mimeType: "image/png",
    buffer: await drawnPortrait(),
  });
  await expect(photo.getByText(/^Uploaded portrait\.png/)).toBeVisible({ timeout: 30_000 });
  // The widest WebP copy is the file, with its AVIF beside it and the narrower copies, behind
  // File details (closed: staff decide the picture and its alt text, not its addresses).
  const fileDetails = photo.getByText("File details: address, size and narrower copies");
  await expect(photo.getByRole("textbox", { name: "Picture file", exact: true })).toBeHidden();
  await fileDetails.click();
  await expect(photo.getByRole("textbox", { name: "Picture file", exact: true })).toHaveValue(
    /^\/media\/[0-9a-f]{16}-800\.webp$/,
  );
  await expect(photo.getByRole("textbox", { name: /^AVIF file/ })).toHaveValue(
    /^\/media\/[0-9a-f]{16}-800\.avif$/,
  );
  await expect(photo.getByRole("textbox", { name: "Alt text" })).toHaveValue(alt);

  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(
    page.getByRole("main").getByText(/^Published\. The public site shows it now/),
  ).toBeVisible();
  const published = (await teamEntries()).find((entry) => entry.id === member.id)!;
  expect(published.data.photo?.src).toMatch(/^\/media\/[0-9a-f]{16}-800\.webp$/);
});

test("the About page serves the photo as AVIF and WebP copies with its size", async ({ page }) => {
  await page.goto("/about-desktop");
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name: member.data.name }) });
  const picture = card.locator("picture");
  await expect(picture).toHaveCount(1);
  const avif = picture.locator('source[type="image/avif"]');
  const webp = picture.locator('source[type="image/webp"]');
  const copies = (format: string) =>
    new RegExp(
      `^/media/[0-9a-f]{16}-320\\.${format} 320w, /media/[0-9a-f]{16}-640\\.${format} 640w, /media/[0-9a-f]{16}-800\\.${format} 800w$`,
    );
  await expect(avif).toHaveAttribute("srcset", copies("avif"));
  await expect(webp).toHaveAttribute("srcset", copies("webp"));
  await expect(avif).toHaveAttribute("sizes", "8rem");
  const image = picture.getByRole("img", { name: alt });
  await expect(image).toHaveAttribute("width", "800");
  await expect(image).toHaveAttribute("height", "1000");
  await expect(image).toHaveAttribute("src", /^\/media\/[0-9a-f]{16}-800\.webp$/);
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.currentSrc))
    .toMatch(/\/media\/[0-9a-f]{16}-320\.avif$/);
  const box = await image.boundingBox();
  expect(Math.round(box!.width)).toBe(128);
  expect(Math.round(box!.height)).toBe(160);
  // The other members, without photos, are as before.
  await expect(
    page.locator("picture").filter({ has: page.getByRole("img", { name: alt }) }),
  ).toHaveCount(1);
});

test("the media library names where the photo is used and refuses to delete it", async ({
  page,
}) => {
  await unlockStaffPage(page, "/admin/media");
  const card = page
    .getByRole("list", { name: /^Images/ })
    .getByRole("listitem")
    .filter({ hasText: alt });
  const place = `Team: ${member.data.name}`;
  await expect(card).toContainText(`Used in: ${place}.`);
  let asked = false;
  page.once("dialog", (dialog) => {
    asked = true;
    void dialog.dismiss();
  });
  // aria-disabled, not disabled: it can be focused and pressed, and says why it refuses.
  const remove = card.getByRole("button", { name: "Delete" });
  await expect(remove).toHaveAttribute("aria-disabled", "true");
  await remove.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert")).toHaveText(mediaInUseMessage([place]));
  expect(asked).toBe(false);
  await expect(card).toHaveCount(1);
  // The server refuses too, in the same words.
  const item = (await libraryItem())!;
  expect(item.used_in).toEqual([place]);
  const refused = await api.delete(`/api/media/${item.id}`);
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
    mediaInUseMessage([place]),
  );
});

test("Choose from library: a dialog that keyboard users can use, clean for axe at 390 and 1280 px", async ({
  page,
}) => {
  await unlockStaffPage(page, `/admin/content/team/${member.id}`);
  const failures: string[] = [];
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    const opener = photoGroup(page).getByRole("button", { name: "Choose from library" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Choose a picture for Photo" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Choose a picture for Photo" })).toBeFocused();
    const choice = dialog.getByRole("button", { name: new RegExp(alt) });
    await expect(choice).toBeVisible();
    await expect(choice).toContainText(`used in Team: ${member.data.name}`);
    const violations = await axeViolations(page);
    if (violations.length > 0) failures.push(formatViolations(`picker at ${name}`, violations));
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  }
  expect(failures, failures.join("\n")).toEqual([]);

  // Choosing by keyboard fills the picture (the same image: nothing to save).
  const opener = photoGroup(page).getByRole("button", { name: "Choose from library" });
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Choose a picture for Photo" });
  await dialog.getByRole("button", { name: new RegExp(alt) }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(photoGroup(page).getByText(new RegExp(`^Chose ${alt}`))).toBeVisible();
});
