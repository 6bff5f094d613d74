/**
 * Events and news that stay true (docs/product.md sections 2.10 and 2.11), as a visitor sees
 * them on a fresh database: the seeded gatherings (October 2025) show as ended; moved into the
 * future through the content API they offer Register and the calendar file again; /events,
 * /updates with its pages and feed, the strip's link, and no "placeholder" on any public page.
 * Every change made here through the API is undone before the test ends.
 */
import { parseFeed } from "@rowanmanning/feed-parser";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import ICAL from "ical.js";
import { axeViolations, formatViolations } from "./support/axe";
import { adminApi, baseUrlOf } from "./support/seed";
import { waitForPageReady } from "./support/page";
import { PUBLIC_PAGES, VIEWPORTS } from "./support/routes";

interface Entry {
  id: string;
  version: number;
  data: Record<string, unknown> & { slug: string; title: string; sessions: unknown[] };
}

const nextYear = new Date().getUTCFullYear() + 1;
const futureSessions = [
  {
    start: `${nextYear}-06-13T12:00:00-07:00`,
    end: `${nextYear}-06-13T15:00:00-07:00`,
    dateLabel: `Saturday, June 13, ${nextYear}`,
    timeLabel: "12:00-3:00 PM",
  },
];

/** Saves `data` as the entry's draft and publishes it; returns the entry as it now is. */
async function publish(api: APIRequestContext, entry: Entry, data: Entry["data"]): Promise<Entry> {
  const saved = await api.put(`/api/content/events/${entry.id}`, {
    data: { data, version: entry.version },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const { version } = (await saved.json()) as Entry;
  const published = await api.post(`/api/content/events/${entry.id}/publish`, {
    data: { version },
  });
  expect(published.status(), await published.text()).toBe(200);
  return (await published.json()) as Entry;
}

async function firstEvent(api: APIRequestContext): Promise<Entry> {
  const events = (await (await api.get("/api/content/events")).json()) as Entry[];
  return events.find((entry) => entry.data.slug === "currents-of-care")!;
}

const registerLink = (page: Page) => page.getByRole("link", { name: /^Register for Event/ });
const calendarLink = (page: Page) => page.getByRole("link", { name: /^Add to calendar/ });

test.describe("events", () => {
  for (const variant of ["desktop", "mobile"] as const) {
    test(`the seeded event shows as ended, with no Register and no calendar link (${variant})`, async ({
      page,
    }) => {
      await page.setViewportSize(VIEWPORTS[variant]);
      await page.goto(`/currents-of-care-${variant}`);
      await expect(page.getByText("This event has ended")).toBeVisible();
      await expect(registerLink(page)).toHaveCount(0);
      await expect(calendarLink(page)).toHaveCount(0);
      // The record stays: title, dates, place.
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Currents of Care");
      await expect(page.getByText("Saturday, October 11, 2025")).toBeVisible();
    });
  }

  test("moved into the future through the content API, it offers Register and the calendar again", async ({
    page,
    playwright,
  }, testInfo) => {
    const api = await adminApi(playwright, baseUrlOf(testInfo));
    const original = await firstEvent(api);
    try {
      await publish(api, original, { ...original.data, sessions: futureSessions });
      await page.setViewportSize(VIEWPORTS.mobile);
      await page.goto("/currents-of-care-mobile");
      await expect(registerLink(page)).toBeVisible();
      await expect(page.getByText("This event has ended")).toHaveCount(0);
      await waitForPageReady(page);
      const downloading = page.waitForEvent("download");
      await calendarLink(page).click();
      expect((await downloading).suggestedFilename()).toBe("currents-of-care.ics");

      await page.goto("/events");
      const upcoming = page.getByRole("region", { name: "Upcoming events" });
      await expect(upcoming.getByRole("link", { name: "Currents of Care" })).toHaveAttribute(
        "href",
        "/currents-of-care",
      );
      await expect(page.getByRole("region", { name: "Past events" })).toHaveCount(0);
    } finally {
      const latest = await firstEvent(api);
      await publish(api, latest, original.data);
      await api.dispose();
    }
    await page.goto("/currents-of-care-desktop");
    await expect(page.getByText("This event has ended")).toBeVisible();
  });

  test("/events lists no upcoming event and the seeded one as past", async ({ page }) => {
    await page.goto("/events");
    await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
    await expect(page.getByText("No upcoming events right now.")).toBeVisible();
    const past = page.getByRole("region", { name: "Past events" });
    await expect(past.getByRole("link", { name: "Currents of Care" })).toHaveAttribute(
      "href",
      "/currents-of-care",
    );
    await expect(past.getByText("This event has ended")).toBeVisible();
  });

  test("a new event has its own page at /events/<slug>, in the sitemap and the calendar feed", async ({
    page,
    playwright,
    request,
  }, testInfo) => {
    const api = await adminApi(playwright, baseUrlOf(testInfo));
    const first = await firstEvent(api);
    const slug = `spring-walk-${Date.now()}`;
    const created = await api.post("/api/content/events", {
      data: {
        data: { ...first.data, slug, title: "Spring river walk", sessions: futureSessions },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const entry = (await created.json()) as Entry;
    try {
      // A draft is nowhere public.
      expect((await request.get(`/events/${slug}`)).status()).toBe(404);
      const published = await api.post(`/api/content/events/${entry.id}/publish`, {
        data: { version: entry.version },
      });
      expect(published.status(), await published.text()).toBe(200);

      await page.setViewportSize(VIEWPORTS.mobile);
      await page.goto(`/events/${slug}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Spring river walk");
      await expect(registerLink(page)).toBeVisible();
      await expect(calendarLink(page)).toHaveAttribute("href", `/events/${slug}/calendar.ics`);
      // One page for every width: below 600 px, the menu icon of the mobile header.
      await expect(page.getByRole("link", { name: "Open menu" })).toBeVisible();
      // The same bar as every page: axe-clean at both widths, nothing scrolling sideways.
      for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
        await page.setViewportSize(viewport);
        const violations = await axeViolations(page);
        expect(violations, formatViolations(`/events/${slug}`, violations)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
      }

      const sitemap = await (await request.get("/sitemap.xml")).text();
      expect(sitemap).toContain(`/events/${slug}</loc>`);
      expect(sitemap).toContain("/events</loc>");
      expect(sitemap).toContain("/updates</loc>");

      const feed = await request.get("/events/calendar.ics");
      expect(feed.headers()["content-type"]).toMatch(/^text\/calendar/);
      const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
      const summaries = calendar
        .getAllSubcomponents("vevent")
        .map((vevent) => vevent.getFirstPropertyValue("summary"));
      expect(summaries).toEqual(["Currents of Care", "Currents of Care", "Spring river walk"]);
      const own = await request.get(`/events/${slug}/calendar.ics`);
      expect(own.status()).toBe(200);
    } finally {
      const removed = await api.delete(`/api/content/events/${entry.id}`);
      expect(removed.status()).toBeLessThan(300);
      await api.dispose();
    }
    expect((await request.get(`/events/${slug}`)).status()).toBe(404);
  });

  test("an unknown event address is the 404 screen", async ({ request }) => {
    for (const path of [
      "/events/no-such-event",
      "/events/currents-of-care",
      "/events/x/calendar.ics",
    ]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
  });
});

test.describe("updates", () => {
  test("a fresh database shows its starting updates in the strip, which links to /updates", async ({
    page,
  }) => {
    await page.goto("/home-desktop");
    const strip = page.getByRole("region", { name: "Featured Updates" });
    await expect(strip.getByText("Currents of Care mural gatherings")).toBeVisible();
    await expect(page.getByText("No featured updates yet.")).toHaveCount(0);
    await strip.getByRole("link", { name: "See all updates" }).click();
    await expect(page).toHaveURL(/\/updates$/);
    for (const title of [
      "Currents of Care mural gatherings",
      "Virtual reality for teen mental health",
      "A GPT that helps libraries plan summer",
    ]) {
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
    }
  });

  test("/updates shows 20 a page with Older updates, never a draft; the feed has the 20 newest", async ({
    page,
    playwright,
    request,
  }, testInfo) => {
    const api = await adminApi(playwright, baseUrlOf(testInfo));
    const ids: string[] = [];
    const marker = `Paging check ${Date.now()}`;
    try {
      for (let i = 1; i <= 21; i += 1) {
        const response = await api.post("/api/updates", {
          data: {
            type: "news",
            title: `${marker} ${String(i).padStart(2, "0")}`,
            summary: "An update made to fill the pages.",
            status: "published",
            featured: false,
            published_at: new Date(Date.UTC(2026, 0, i)).toISOString(),
          },
        });
        expect(response.status(), await response.text()).toBe(201);
        ids.push(((await response.json()) as { id: string }).id);
      }
      const draft = await api.post("/api/updates", {
        data: {
          type: "news",
          title: `${marker} draft`,
          summary: "Never public.",
          status: "draft",
          featured: true,
          published_at: new Date(Date.UTC(2027, 0, 1)).toISOString(),
        },
      });
      expect(draft.status()).toBe(201);
      ids.push(((await draft.json()) as { id: string }).id);

      await page.goto("/updates");
      const items = page.getByRole("main").getByRole("listitem");
      await expect(items).toHaveCount(20);
      await expect(items.first()).toContainText(`${marker} 21`);
      await page.getByRole("link", { name: "Older updates" }).click();
      await expect(page).toHaveURL(/\/updates\?page=2$/);
      // 24 published: the 21 made here and the 3 starting ones.
      await expect(items).toHaveCount(4);
      await expect(page.getByRole("link", { name: "Newer updates" })).toBeVisible();
      expect((await request.get("/updates?page=3")).status()).toBe(404);
      expect((await request.get("/updates?page=abc")).status()).toBe(404);

      const feedResponse = await request.get("/updates/feed.xml");
      expect(feedResponse.headers()["content-type"]).toMatch(/^application\/atom\+xml/);
      const feed = parseFeed(await feedResponse.text());
      expect(feed.items).toHaveLength(20);
      expect(feed.items[0]!.title).toBe(`${marker} 21`);

      for (const path of ["/updates", "/updates?page=2", "/updates/feed.xml", "/home-desktop"]) {
        const body = await (await request.get(path)).text();
        expect(body, path).not.toContain(`${marker} draft`);
      }
    } finally {
      for (const id of ids) await api.delete(`/api/updates/${id}`);
      await api.dispose();
    }
  });

  test("the home pages and /updates announce the Atom feed", async ({ page }) => {
    for (const path of ["/home-desktop", "/home-mobile", "/updates"]) {
      await page.goto(path);
      await expect(
        page.locator('link[rel="alternate"][type="application/atom+xml"]'),
        path,
      ).toHaveAttribute("href", /\/updates\/feed\.xml$/);
    }
  });
});

test.describe("a fresh install", () => {
  test("no public page shows a visitor the word placeholder", async ({ page }) => {
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      const seen = await page.evaluate(() =>
        [
          document.title,
          document.body.innerText,
          ...[...document.querySelectorAll("[alt], [aria-label], [title]")].map((element) =>
            ["alt", "aria-label", "title"]
              .map((name) => element.getAttribute(name) ?? "")
              .join(" "),
          ),
        ].join("\n"),
      );
      expect(seen.toLowerCase(), path).not.toContain("placeholder");
    }
  });

  for (const path of ["/sms-opt-in", "/events", "/updates"]) {
    test(`${path} shows the mobile header below 600 px and the navbar above`, async ({ page }) => {
      await page.setViewportSize(VIEWPORTS.mobile);
      await page.goto(path);
      await expect(page.getByRole("link", { name: "Open menu" })).toBeVisible();
      await expect(page.getByRole("navigation").getByRole("link", { name: "About" })).toHaveCount(
        0,
      );
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
      await page.setViewportSize(VIEWPORTS.desktop);
      await expect(page.getByRole("link", { name: "Open menu" })).toHaveCount(0);
      await expect(
        page.getByRole("navigation").getByRole("link", { name: "About" }).first(),
      ).toBeVisible();
    });
  }
});
