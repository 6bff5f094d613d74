import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { unlockStaffPage } from "./support/page";
import { VIEWPORTS } from "./support/routes";
import { adminApi, baseUrlOf, uniqueMarker } from "./support/seed";
import { countScrollingIn, Walk, type WalkFigures } from "./support/walk";

/**
 * The staff task of docs/product.md 5.4, walked as a person does it at a phone's and a
 * laptop's width, from the staff home: change the home page's subheading, preview it, publish
 * it and restore the previous revision; add a session to the event; replace a team member's
 * name and photo. Presses, typed fields and scrolling are counted (support/walk.ts) and printed;
 * every step leaves a screenshot in the test's output folder. The seeded entries are published
 * again afterwards, so later specs see the seed.
 */

test.describe.configure({ mode: "serial" });

interface Entry {
  id: string;
  version: number;
  data: Record<string, unknown>;
}

let api: APIRequestContext;
const figures: WalkFigures[] = [];

async function entries(collection: string): Promise<Entry[]> {
  const response = await api.get(`/api/content/${collection}`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as Entry | Entry[];
  return Array.isArray(body) ? body : [body];
}

async function revisionCount(collection: string, id: string): Promise<number> {
  const response = await api.get(`/api/content/${collection}/${id}/revisions`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as unknown[]).length;
}

/** Publishes `entry`'s data as it was before the walk (a restore of that revision). */
async function putBack(collection: string, before: Entry, revision: number): Promise<void> {
  const restored = await api.post(
    `/api/content/${collection}/${before.id}/revisions/${revision}/restore`,
  );
  expect(restored.status(), await restored.text()).toBe(200);
  const now = (await entries(collection)).find((entry) => entry.id === before.id)!;
  expect(now.data).toEqual(before.data);
}

/** Opens a staff page from the staff navigation (through the compact Menu at a phone's width). */
async function openFromNav(walk: Walk, page: Page, name: string): Promise<void> {
  const nav = page.getByRole("navigation", { name: "Staff pages" });
  const menu = nav.getByRole("button", { name: /Menu/ });
  if (await menu.isVisible()) await walk.click(menu);
  await walk.click(nav.getByRole("link", { name, exact: true }));
}

async function openEntry(walk: Walk, page: Page, collection: string, entry?: string) {
  await openFromNav(walk, page, "Content");
  await walk.click(
    page
      .getByRole("table", { name: "Content collections" })
      .getByRole("link", { name: collection, exact: true }),
  );
  if (entry) await walk.click(page.getByRole("link", { name: entry, exact: true }));
}

const bar = (page: Page) => page.getByRole("region", { name: "Save and publish" });

test.beforeAll(async ({ playwright }, testInfo) => {
  api = await adminApi(playwright, baseUrlOf(testInfo));
});

test.afterAll(async () => {
  await api.dispose();
  const table = figures
    .map(
      (row) =>
        `${row.task.padEnd(18)} ${String(row.width).padStart(4)} px  clicks ${String(row.clicks).padStart(2)}  fields ${row.fieldsTyped}  scrolls ${String(row.scrolls).padStart(2)}  distance ${String(row.scrollDistance).padStart(6)} px\n    ${row.scrollsTo.join("\n    ")}`,
    )
    .join("\n");
  console.log(`Staff task walk (docs/product.md 5.4):\n${table}`);
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`at ${viewport.width} px (${name})`, () => {
    test.beforeEach(async ({ page }) => {
      await countScrollingIn(page);
      await page.setViewportSize(viewport);
      await unlockStaffPage(page, "/admin");
    });

    test("change the home subheading, preview, publish, restore", async ({ page }, testInfo) => {
      const [home] = await entries("home");
      const revisions = await revisionCount("home", home!.id);
      const walk = new Walk(page, "home-subheading", testInfo);
      await walk.shot("staff-home");
      await openEntry(walk, page, "Home page");
      const subheading = page.getByRole("textbox", { name: "Subheading" }).first();
      await expect(subheading).toBeVisible();
      await walk.shot("editor");
      const text = uniqueMarker("A friendlier subheading");
      await walk.fill(subheading, text);
      await walk.click(bar(page).getByRole("button", { name: "Save draft" }));
      await expect(bar(page).getByText(/^Draft saved/)).toBeVisible();
      await walk.shot("draft-saved");
      const tab = await walk.openTab(bar(page).getByRole("link", { name: /^Preview/ }));
      await expect(tab.getByRole("complementary", { name: "Preview" })).toBeVisible();
      await expect(tab.getByRole("main")).toContainText(text);
      await walk.shot("preview", tab);
      await walk.closeTab(tab);
      await walk.click(bar(page).getByRole("button", { name: "Publish now" }));
      await expect(bar(page).getByText(/^Published\. The public site shows it now/)).toBeVisible();
      await walk.shot("published");
      // The Sections list leads to Revisions (below the whole form), focusing its button.
      await walk.click(
        page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Revisions" }),
      );
      await expect(page.getByRole("button", { name: "Revisions" })).toBeFocused();
      await walk.click(page.getByRole("button", { name: "Revisions" }));
      await walk.clickAndConfirm(
        page.getByRole("button", { name: `Restore revision ${revisions}` }),
      );
      await expect(
        bar(page).getByText(`Revision ${revisions} restored`, { exact: false }),
      ).toBeVisible();
      await expect(subheading).toHaveValue(
        String((home!.data.hero as { subheading: string }).subheading),
      );
      await walk.shot("restored");
      figures.push(walk.figures());
      await putBack("home", home!, revisions);
    });

    test("add a session to the event", async ({ page }, testInfo) => {
      const [event] = await entries("events");
      const revisions = await revisionCount("events", event!.id);
      const title = String(event!.data.title);
      const walk = new Walk(page, "event-session", testInfo);
      await openEntry(walk, page, "Events", title);
      await walk.shot("editor");
      const sessions = page.getByRole("group", { name: /^Sessions/ });
      await walk.click(sessions.getByRole("button", { name: "Add session" }));
      const added = (event!.data.sessions as unknown[]).length;
      const date = page.locator(`#field-sessions-${added}-start`);
      await expect(date).toBeVisible();
      await walk.fill(date, "2026-12-05");
      await walk.fill(page.locator(`#field-sessions-${added}-start-time`), "12:00");
      await walk.fill(page.locator(`#field-sessions-${added}-end`), "2026-12-05");
      await walk.fill(page.locator(`#field-sessions-${added}-end-time`), "15:00");
      // Lines the editor does not write from the times are typed, as a person would have to.
      for (const [line, text] of [
        ["dateLabel", "Saturday, December 5, 2026"],
        ["timeLabel", "12:00-3:00 PM"],
      ] as const) {
        const field = page.locator(`#field-sessions-${added}-${line}`);
        if ((await field.isVisible()) && (await field.inputValue()) === "") {
          await walk.fill(field, text);
        }
      }
      await walk.shot("session-added");
      await walk.click(bar(page).getByRole("button", { name: "Publish now" }));
      await expect(bar(page).getByText(/^Published\. The public site shows it now/)).toBeVisible();
      await walk.shot("published");
      const published = (await entries("events")).find((entry) => entry.id === event!.id)!;
      const stored = published.data.sessions as { start: string; end: string }[];
      expect(stored).toHaveLength(added + 1);
      expect(stored.at(-1)).toMatchObject({
        start: "2026-12-05T12:00:00-08:00",
        end: "2026-12-05T15:00:00-08:00",
      });
      figures.push(walk.figures());
      await putBack("events", event!, revisions);
    });

    test("replace a team member's name and photo", async ({ page }, testInfo) => {
      const [member] = await entries("team");
      const revisions = await revisionCount("team", member!.id);
      const walk = new Walk(page, "team-member", testInfo);
      await openEntry(walk, page, "Team", String(member!.data.name));
      await walk.shot("editor");
      const newName = uniqueMarker("Sam Example");
      await walk.fill(page.getByRole("textbox", { name: "Name", exact: true }), newName);
      await walk.click(page.getByRole("button", { name: "Add Photo" }));
      const photo = page.getByRole("group", { name: /^Photo/ });
      await walk.fill(photo.getByRole("textbox", { name: "Alt text" }), `Portrait of ${newName}`);
      const chooser = page.waitForEvent("filechooser");
      await walk.click(photo.getByLabel("Upload picture"));
      await (
        await chooser
      ).setFiles({
        name: "portrait.png",
        mimeType: "image/png",
        buffer: await sharp({
          create: { width: 600, height: 750, channels: 3, background: { r: 90, g: 120, b: 160 } },
        })
          .png()
          .toBuffer(),
      });
      await expect(photo.getByText(/^Uploaded portrait\.png/)).toBeVisible({ timeout: 60_000 });
      await walk.shot("photo-uploaded");
      await walk.click(bar(page).getByRole("button", { name: "Publish now" }));
      await expect(bar(page).getByText(/^Published\. The public site shows it now/)).toBeVisible();
      await walk.shot("published");
      const published = (await entries("team")).find((entry) => entry.id === member!.id)!;
      expect(published.data.name).toBe(newName);
      figures.push(walk.figures());
      await putBack("team", member!, revisions);
      // The uploaded picture is free again: remove it from the library, as staff would.
      const library = (await (await api.get("/api/media")).json()) as { id: string; alt: string }[];
      const item = library.find((candidate) => candidate.alt === `Portrait of ${newName}`);
      if (item) expect((await api.delete(`/api/media/${item.id}`)).status()).toBe(204);
    });
  });
}
