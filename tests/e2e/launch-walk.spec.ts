import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { unlockStaffPage } from "./support/page";
import { VIEWPORTS } from "./support/routes";
import { adminApi, baseUrlOf, uniqueMarker } from "./support/seed";
import { countScrollingIn, Walk, type WalkFigures } from "./support/walk";

/**
 * The launch walk (issue 29, docs/product.md 5.6): from a fresh install, at a laptop's and a phone's
 * width, make the site the consultancy's own as a new owner would, starting from the staff
 * home: replace two team members (name, and a photo uploaded), then add a new event with two
 * sessions and one gallery picture (uploaded) and publish it. Presses, typed fields and
 * scrolling are counted (support/walk.ts), printed, and recorded in bench/RESULTS.md; every step
 * leaves a screenshot in the test's output folder, to be looked at. The event part must need
 * at most 12 typed fields. Afterwards the seeded entries are published again, the new event
 * deleted and the uploads removed, so later specs see the seed.
 *
 * Then the organisation's facts (design 15): in the Organisation editor, its name, email, phone,
 * postal address and reply time are typed and published, and /contact-desktop shows the new
 * email and "We reply within <reply time>". Last, one paragraph of the privacy policy is changed
 * and published, and /privacy shows it. Both singletons are then put back at the revision they
 * were at before the walk (the seed's data), so later specs see the seed.
 */

test.describe.configure({ mode: "serial" });

interface Entry {
  id: string;
  version: number;
  status: string;
  data: Record<string, unknown>;
}

let api: APIRequestContext;
const figures: WalkFigures[] = [];
const uploadedAlts: string[] = [];

async function entries(collection: string): Promise<Entry[]> {
  const response = await api.get(`/api/content/${collection}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Entry[];
}

/** A singleton collection's one entry (the API answers with the entry itself). */
async function singleton(collection: string): Promise<Entry> {
  const response = await api.get(`/api/content/${collection}`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as Entry | Entry[];
  return Array.isArray(body) ? body[0]! : body;
}

async function revisionCount(collection: string, id: string): Promise<number> {
  const response = await api.get(`/api/content/${collection}/${id}/revisions`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as unknown[]).length;
}

/** Publishes `before`'s data again (a restore of the revision it was at), and checks it is back. */
async function putBack(collection: string, before: Entry, revision: number): Promise<void> {
  const restored = await api.post(
    `/api/content/${collection}/${before.id}/revisions/${revision}/restore`,
  );
  expect(restored.status(), await restored.text()).toBe(200);
  expect((await singleton(collection)).data).toEqual(before.data);
}

/** A photo drawn for the walk (unique colour, so the library never has it already). */
async function drawnPicture(width: number, height: number, seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: (seed * 53) % 256, g: (seed * 97) % 256, b: 140 },
    },
  })
    .png()
    .toBuffer();
}

/** Opens a staff page from the staff navigation (through the compact Menu at a phone's width). */
async function openFromNav(walk: Walk, page: Page, name: string): Promise<void> {
  const nav = page.getByRole("navigation", { name: "Staff pages" });
  const menu = nav.getByRole("button", { name: /Menu/ });
  if (await menu.isVisible()) await walk.click(menu);
  await walk.click(nav.getByRole("link", { name, exact: true }));
}

async function openCollection(walk: Walk, page: Page, collection: string): Promise<void> {
  await openFromNav(walk, page, "Content");
  await walk.click(
    page
      .getByRole("table", { name: "Content collections" })
      .getByRole("link", { name: collection, exact: true }),
  );
}

const bar = (page: Page) => page.getByRole("region", { name: "Save and publish" });

async function publish(walk: Walk, page: Page): Promise<void> {
  await walk.click(bar(page).getByRole("button", { name: "Publish now" }));
  await expect(bar(page).getByText(/^Published\. The public site shows it now/)).toBeVisible({
    timeout: 20_000,
  });
}

/** Uploads a picture through the slot's Upload picture button, as a person picks a file. */
async function upload(walk: Walk, page: Page, slot: ReturnType<Page["getByRole"]>, file: Buffer) {
  const chooser = page.waitForEvent("filechooser");
  await walk.click(slot.getByLabel("Upload picture"));
  await (await chooser).setFiles({ name: "picture.png", mimeType: "image/png", buffer: file });
  await expect(slot.getByText(/^Uploaded picture\.png/)).toBeVisible({ timeout: 60_000 });
}

test.beforeAll(async ({ playwright }, testInfo) => {
  api = await adminApi(playwright, baseUrlOf(testInfo));
});

test.afterAll(async () => {
  const library = (await (await api.get("/api/media")).json()) as { id: string; alt: string }[];
  for (const item of library.filter((candidate) => uploadedAlts.includes(candidate.alt))) {
    expect((await api.delete(`/api/media/${item.id}`)).status()).toBe(204);
  }
  await api.dispose();
  const table = figures
    .map(
      (row) =>
        `${row.task.padEnd(14)} ${String(row.width).padStart(4)} px  presses ${String(row.clicks).padStart(2)}  fields ${String(row.fieldsTyped).padStart(2)}  scrolls ${String(row.scrolls).padStart(2)}  distance ${String(row.scrollDistance).padStart(6)} px\n    ${row.scrollsTo.join("\n    ")}`,
    )
    .join("\n");
  console.log(`Launch walk (issue 29):\n${table}`);
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`at ${viewport.width} px (${name})`, () => {
    test.beforeEach(async ({ page }) => {
      await countScrollingIn(page);
      await page.setViewportSize(viewport);
      await unlockStaffPage(page, "/admin");
    });

    test("replace two team members: name and an uploaded photo", async ({ page }, testInfo) => {
      const team = (await entries("team")).filter((entry) => entry.status !== "deleted");
      const walk = new Walk(page, "team", testInfo);
      await walk.shot("staff-home");
      try {
        for (const [index, member] of team.slice(0, 2).entries()) {
          await openCollection(walk, page, "Team");
          if (index === 0) await walk.shot("team-list");
          await walk.click(page.getByRole("link", { name: String(member.data.name), exact: true }));
          const newName = uniqueMarker(`Teammate ${index + 1}`);
          await walk.fill(page.getByRole("textbox", { name: "Name", exact: true }), newName);
          await walk.click(page.getByRole("button", { name: "Add Photo" }));
          const photo = page.getByRole("group", { name: /^Photo/ });
          const alt = `Portrait of ${newName}`;
          uploadedAlts.push(alt);
          await walk.fill(photo.getByRole("textbox", { name: "Alt text" }), alt);
          await upload(walk, page, photo, await drawnPicture(600, 750, viewport.width + index));
          await walk.shot(`member-${index + 1}-photo`);
          await publish(walk, page);
          await walk.shot(`member-${index + 1}-published`);
          const published = (await entries("team")).find((entry) => entry.id === member.id)!;
          expect(published.data.name).toBe(newName);
        }
        await page.goto("/about-desktop");
        await walk.shot("about-page");
        figures.push(walk.figures());
      } finally {
        for (const member of team.slice(0, 2)) {
          const restored = await api.post(`/api/content/team/${member.id}/revisions/1/restore`);
          expect(restored.status()).toBe(200);
        }
      }
    });

    test("add an event with two sessions and an uploaded gallery picture, and publish it", async ({
      page,
    }, testInfo) => {
      const walk = new Walk(page, "event", testInfo);
      const title = `Spring open studio ${viewport.width}`;
      let createdId: string | undefined;
      try {
        await openCollection(walk, page, "Events");
        await walk.shot("events-list");
        await walk.click(page.getByRole("link", { name: "New event", exact: true }));
        await expect(
          page.getByRole("heading", { level: 2, name: "Events: new event" }),
        ).toBeVisible();
        await walk.shot("new-event");
        await walk.fill(page.getByRole("textbox", { name: "Title", exact: true }), title);
        const sessions: [string, string, string][] = [
          ["2027-04-10", "10:00", "12:30"],
          ["2027-04-17", "10:00", "12:30"],
        ];
        for (const [index, [day, start, end]] of sessions.entries()) {
          if (index > 0) {
            await walk.click(
              page.getByRole("group", { name: /^Sessions/ }).getByRole("button", {
                name: "Add session",
              }),
            );
          }
          await walk.fill(page.locator(`#field-sessions-${index}-start`), day);
          await walk.fill(page.locator(`#field-sessions-${index}-start-time`), start);
          await walk.fill(page.locator(`#field-sessions-${index}-end`), day);
          await walk.fill(page.locator(`#field-sessions-${index}-end-time`), end);
        }
        await walk.fill(page.locator("#field-location-name"), "Riverside community hall");
        await walk.shot("sessions-and-place");
        await walk.click(page.getByRole("button", { name: "Add Gallery" }));
        const slide = page.getByRole("group", { name: /^Slide 1/ });
        const alt = uniqueMarker("Painters at the long table");
        uploadedAlts.push(alt);
        await walk.fill(slide.getByRole("textbox", { name: "Alt text" }), alt);
        await walk.fill(slide.getByRole("textbox", { name: "Caption" }), "Last spring's studio.");
        await upload(walk, page, slide, await drawnPicture(1600, 1000, viewport.width));
        await walk.shot("gallery-picture");
        await publish(walk, page);
        await walk.shot("published");

        const event = (await entries("events")).find((entry) => entry.data.title === title)!;
        createdId = event.id;
        expect(event.status).toBe("published");
        expect(event.data).toMatchObject({
          slug: `spring-open-studio-${viewport.width}`,
          sessions: [
            { start: "2027-04-10T10:00:00-07:00", end: "2027-04-10T12:30:00-07:00" },
            { start: "2027-04-17T10:00:00-07:00", end: "2027-04-17T12:30:00-07:00" },
          ],
          location: { name: "Riverside community hall" },
          gallery: { slides: [{ alt, caption: "Last spring's studio." }] },
        });
        const figuresNow = walk.figures();
        // Issue 29: the event part needs at most 12 typed fields.
        expect(figuresNow.fieldsTyped).toBeLessThanOrEqual(12);

        await page.goto(`/events/spring-open-studio-${viewport.width}`);
        await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
        await expect(page.getByRole("img", { name: alt })).toBeVisible();
        // One picture: no arrows.
        await expect(page.getByRole("button", { name: "Next slide" })).toHaveCount(0);
        await walk.shot("event-page");
        figures.push(figuresNow);
      } finally {
        if (createdId)
          expect((await api.delete(`/api/content/events/${createdId}`)).status()).toBe(204);
      }
    });

    test("set the organisation facts: name, email, phone, postal address, reply time", async ({
      page,
    }, testInfo) => {
      const before = await singleton("organisation");
      const revision = await revisionCount("organisation", before.id);
      const walk = new Walk(page, "organisation", testInfo);
      const facts = {
        name: "Riverside Learning Studio",
        email: `hello-${viewport.width}@riverside-learning.org`,
        phone: "(206) 555-0199",
        postalAddress: "12 Harbour Street\nSeattle, WA 98101",
        replyTime: `${viewport.width === 390 ? "three" : "four"} working days`,
      };
      try {
        await openCollection(walk, page, "Organisation");
        await expect(page.locator("#field-name")).toHaveValue(String(before.data.name));
        await walk.shot("organisation-editor");
        await walk.fill(page.locator("#field-name"), facts.name);
        await walk.fill(page.locator("#field-email"), facts.email);
        await walk.fill(page.locator("#field-phone"), facts.phone);
        await walk.fill(page.locator("#field-postalAddress"), facts.postalAddress);
        await walk.fill(page.locator("#field-replyTime"), facts.replyTime);
        await walk.shot("facts-typed");
        await publish(walk, page);
        await walk.shot("published");
        const published = await singleton("organisation");
        expect(published.status).toBe("published");
        expect(published.data).toMatchObject(facts);
        const figuresNow = walk.figures();

        await page.goto("/contact-desktop");
        await expect(page.getByText(`We reply within ${facts.replyTime}.`)).toBeVisible();
        await expect(
          page.getByRole("main").getByRole("link", { name: facts.email, exact: true }),
        ).toBeVisible();
        await walk.shot("contact-page");
        const footer = page.getByRole("contentinfo");
        await expect(footer.getByRole("link", { name: facts.email, exact: true })).toBeVisible();
        await expect(footer.getByRole("link", { name: facts.phone, exact: true })).toBeVisible();
        await footer.scrollIntoViewIfNeeded();
        await walk.shot("footer");
        figures.push(figuresNow);
      } finally {
        await putBack("organisation", before, revision);
      }
    });

    test("edit the privacy page: one paragraph, published", async ({ page }, testInfo) => {
      const before = await singleton("privacy");
      const revision = await revisionCount("privacy", before.id);
      const walk = new Walk(page, "privacy", testInfo);
      const paragraph = `Visitors get no cookies from us at all (walked at ${viewport.width} px). The public pages load no advertising, analytics or social media code.`;
      try {
        await openCollection(walk, page, "Privacy policy");
        const field = page.locator("#field-sections-0-paragraphs-0");
        await expect(field).toHaveValue(/^Visitors get no cookies\./);
        await walk.shot("privacy-editor");
        // Each section is folded to its heading: the person opens the first one.
        const section = page.getByRole("button", { name: /^Section 1 No cookies/ });
        await walk.click(section);
        await expect(section).toHaveAttribute("aria-expanded", "true");
        await walk.shot("section-open");
        await walk.fill(field, paragraph);
        await walk.shot("paragraph-typed");
        await publish(walk, page);
        await walk.shot("published");
        const published = await singleton("privacy");
        expect(published.status).toBe("published");
        expect((published.data.sections as { paragraphs: string[] }[])[0]!.paragraphs[0]).toBe(
          paragraph,
        );
        const figuresNow = walk.figures();

        await page.goto("/privacy");
        const shown = page.getByRole("main").getByText(paragraph, { exact: true });
        await expect(shown).toBeVisible();
        await shown.scrollIntoViewIfNeeded();
        await walk.shot("privacy-page");
        figures.push(figuresNow);
      } finally {
        await putBack("privacy", before, revision);
      }
    });
  });
}
