import { expect, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { unlockStaffPage } from "./support/page";
import { adminApi, baseUrlOf, uniqueMarker } from "./support/seed";

/**
 * Issue 29: a picture uploaded into Event › Gallery › Slide made the entry unsavable ("Slide has
 * unknown fields: variants"). Here the upload goes through the editor, the draft saves, the
 * event publishes and its page shows the picture. Afterwards the event's seeded revision is
 * published again and the image deleted, so later specs see the seed.
 */

test.describe.configure({ mode: "serial" });

interface EventEntry {
  id: string;
  version: number;
  data: { title: string; gallery: { slides: { src: string; alt: string }[] } };
}

let api: APIRequestContext;
let event: EventEntry;
const alt = uniqueMarker("Volunteers painting the river mural");

async function events(): Promise<EventEntry[]> {
  const response = await api.get("/api/content/events");
  expect(response.status()).toBe(200);
  return (await response.json()) as EventEntry[];
}

test.beforeAll(async ({ playwright }, testInfo) => {
  api = await adminApi(playwright, baseUrlOf(testInfo));
  event = (await events())[0]!;
});

test.afterAll(async () => {
  const restored = await api.post(`/api/content/events/${event.id}/revisions/1/restore`);
  expect(restored.status()).toBe(200);
  const library = (await (await api.get("/api/media")).json()) as { id: string; alt: string }[];
  for (const item of library.filter((candidate) => candidate.alt === alt)) {
    expect((await api.delete(`/api/media/${item.id}`)).status()).toBe(204);
  }
  await api.dispose();
});

test("a picture uploaded into a gallery slide saves, publishes and shows on the event page", async ({
  page,
}) => {
  await unlockStaffPage(page, `/admin/content/events/${event.id}`);
  await page.getByRole("button", { name: /^Slide 1\b/ }).click();
  const slide = page.getByRole("group", { name: /^Slide 1/ });
  await slide.getByRole("textbox", { name: "Alt text" }).fill(alt);
  await slide.getByLabel("Upload picture").setInputFiles({
    name: "mural.png",
    mimeType: "image/png",
    buffer: await sharp({
      create: { width: 1600, height: 1000, channels: 3, background: { r: 40, g: 110, b: 150 } },
    })
      .png()
      .toBuffer(),
  });
  await expect(slide.getByText(/^Uploaded mural\.png/)).toBeVisible({ timeout: 30_000 });

  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("main").getByText(/^Draft saved/)).toBeVisible();
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(
    page.getByRole("main").getByText(/^Published\. The public site shows it now/),
  ).toBeVisible();
  const published = (await events()).find((entry) => entry.id === event.id)!;
  expect(published.data.gallery.slides[0]).toMatchObject({
    src: expect.stringMatching(/^\/media\/[0-9a-f]{16}-\d+\.webp$/) as unknown as string,
    alt,
  });

  await page.goto("/currents-of-care-desktop");
  await expect(page.getByRole("img", { name: alt })).toHaveAttribute(
    "src",
    published.data.gallery.slides[0]!.src,
  );
});
