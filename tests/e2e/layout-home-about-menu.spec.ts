/**
 * Shared layout, redirects, the responsive rule and the Home, About and mobile menu screens.
 */
import { expect, test, type Page } from "@playwright/test";
import { gotoPath, urlWithPath, waitForPageReady } from "./support/page";
import { VIEWPORTS } from "./support/routes";
import { baseUrlOf, seedFeaturedUpdates } from "./support/seed";
import { seedSnapshot } from "#common/content/snapshot";
import { DEFAULT_SITE_TIME_ZONE } from "#common/site-year";
import { yearIn } from "#common/zoned-time";

const { mobile: MOBILE, desktop: DESKTOP } = VIEWPORTS;

// The pages show the seeded content (a fresh database; build-time pre-rendering).
const content = seedSnapshot();
const { heading: aboutHeading, mission, mobileProjectLinks, offerings, taglines } = content.about;
const { team, projects: featuredProjects } = content;
const {
  collaborateCta,
  featuredProjectsHeading,
  hero,
  partners,
  mobile: homeMobile,
} = content.home;
const { mobileMenu, navbarLinks } = content.site.navigation;
const site = content.site;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const path = (page: Page) => new URL(page.url()).pathname;

interface Screen {
  path: string;
  h1: string;
  texts: string[];
}

/** The footer's line: this year in the site's zone (the e2e server runs with the default). */
const COPYRIGHT = `© ${yearIn(Date.now(), DEFAULT_SITE_TIME_ZONE)}`;

const SCREENS: Record<string, { mobile: Screen; desktop: Screen }> = {
  home: {
    desktop: {
      path: "/home-desktop",
      h1: hero.heading,
      texts: [
        hero.subheading,
        hero.cta.label,
        partners.title,
        partners.lead,
        featuredProjectsHeading,
        ...featuredProjects.map((project) => project.title),
        collaborateCta.heading,
        `${collaborateCta.learnMoreAbout.labelPrefix} ${site.practitioner.initials}`,
        COPYRIGHT,
      ],
    },
    mobile: {
      path: "/home-mobile",
      h1: homeMobile.hero.heading,
      texts: [
        homeMobile.vrBlock.heading,
        homeMobile.collaborativeLearning.heading,
        ...homeMobile.collaborativeLearning.benefits.map((benefit) => benefit.title),
        homeMobile.callToCollaborate.heading,
        homeMobile.journey.heading,
        COPYRIGHT,
      ],
    },
  },
  about: {
    desktop: {
      path: "/about-desktop",
      h1: aboutHeading,
      texts: [
        ...taglines,
        mission.heading,
        ...team.map((member) => member.role),
        ...offerings.map((offering) => offering.heading),
      ],
    },
    mobile: {
      path: "/about-mobile",
      h1: aboutHeading,
      texts: [
        ...team.map((member) => member.name),
        ...mobileProjectLinks.links.map((link) => link.title),
      ],
    },
  },
};

for (const [name, variants] of Object.entries(SCREENS)) {
  for (const [width, viewport] of [
    ["390", MOBILE],
    ["1280", DESKTOP],
  ] as const) {
    test(`${name} at ${width} px shows its variant, h1 and key texts`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const expected = viewport === MOBILE ? variants.mobile : variants.desktop;
      // Either variant's address settles on the one for this width.
      for (const start of [variants.desktop.path, variants.mobile.path]) {
        await page.goto(start);
        await page.waitForURL((url) => url.pathname === expected.path);
        await waitForPageReady(page);
        await expect(page.locator("h1")).toHaveCount(1);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(expected.h1);
        const main = page.locator("main#main");
        for (const text of expected.texts) {
          // Links carry screen-reader-only words after their visible text.
          const link = page.getByRole("link", { name: new RegExp(`^${escapeRegExp(text)}\\b`) });
          await expect(page.getByText(text, { exact: true }).or(link).first()).toBeVisible();
        }
        await expect(main).toBeVisible();
      }
    });
  }
}

for (const viewport of [MOBILE, DESKTOP]) {
  test(`the mobile menu at ${viewport.width} px shows its links and taglines`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/menu-mobile");
    await waitForPageReady(page);
    expect(path(page)).toBe("/menu-mobile");
    await expect(page.locator("h1")).toHaveCount(1);
    for (const tagline of mobileMenu.taglines) await expect(page.getByText(tagline)).toBeVisible();
    const nav = page.getByRole("navigation", { name: mobileMenu.navLabel });
    for (const link of mobileMenu.links) {
      await expect(nav.getByRole("link", { name: link.label, exact: true })).toHaveAttribute(
        "href",
        link.to,
      );
    }
    await expect(page.getByRole("link", { name: "Contact Us" })).toHaveAttribute(
      "href",
      "/contact-mobile",
    );
    await expect(page.getByRole("button", { name: "Close menu" })).toBeVisible();
  });
}

test("the desktop navbar lists its links in order and marks the current page", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/about-desktop");
  await waitForPageReady(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  const links = nav.getByRole("listitem").getByRole("link");
  await expect(links).toHaveText(navbarLinks.map((link) => link.label));
  await expect(nav.getByRole("link", { name: "About", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(nav.getByRole("link", { name: site.logo.alt })).toHaveAttribute(
    "href",
    "/home-desktop",
  );
});

test("the mobile header opens the menu", async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto("/home-mobile");
  await waitForPageReady(page);
  await expect(page.getByRole("link", { name: "Open menu" })).toHaveAttribute(
    "href",
    "/menu-mobile",
  );
});

test("the mobile header follows the scroll position", async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto("/home-mobile");
  await waitForPageReady(page);
  const header = page.locator("header[data-scrolled]");
  await expect(header).toHaveAttribute("data-scrolled", "false");
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect(header).toHaveAttribute("data-scrolled", "true");
  await expect(header).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute("data-scrolled", "false");
});

test("/ redirects by width with replace", async ({ page }) => {
  await page.setViewportSize({ width: 599, height: 800 });
  await page.goto("/sms-opt-in");
  await page.goto("/");
  await page.waitForURL((url) => url.pathname === "/home-mobile");
  await page.goBack();
  await page.waitForURL((url) => url.pathname === "/sms-opt-in");

  await page.setViewportSize({ width: 600, height: 800 });
  await page.goto("/");
  await page.waitForURL((url) => url.pathname === "/home-desktop");
  await page.goBack();
  await page.waitForURL((url) => url.pathname === "/sms-opt-in");
});

test("/ keeps its query string through the redirect", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/?ref=flyer");
  await page.waitForURL((url) => url.pathname === "/home-desktop" && url.search === "?ref=flyer");
});

test("/menu goes to /menu-mobile", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/menu");
  await page.waitForURL((url) => url.pathname === "/menu-mobile");
  await waitForPageReady(page);
  await expect(page.getByRole("button", { name: "Close menu" })).toBeVisible();
});

test("resizing across 600 px switches between -desktop and -mobile", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/about-desktop");
  await waitForPageReady(page);
  await page.setViewportSize({ width: 599, height: 800 });
  await page.waitForURL((url) => url.pathname === "/about-mobile");
  await page.setViewportSize({ width: 600, height: 800 });
  await page.waitForURL((url) => url.pathname === "/about-desktop");
  // Replace, not push: back leaves the page instead of bouncing between variants.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(aboutHeading);
});

test("/sms-opt-in and /menu-mobile are not switched", async ({ page }) => {
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport);
    for (const exempt of ["/sms-opt-in", "/menu-mobile"]) {
      await page.goto(exempt);
      await waitForPageReady(page);
      await page.setViewportSize(viewport === MOBILE ? DESKTOP : MOBILE);
      await page.waitForTimeout(300);
      expect(path(page)).toBe(exempt);
      await page.setViewportSize(viewport);
    }
  }
});

test("closing the menu goes back in history, or home when opened directly", async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto("/about-mobile");
  await waitForPageReady(page);
  await page.getByRole("link", { name: "Open menu" }).click();
  await page.waitForURL((url) => url.pathname === "/menu-mobile");
  await page.getByRole("button", { name: "Close menu" }).click();
  await page.waitForURL((url) => url.pathname === "/about-mobile");

  await page.goto("/menu-mobile");
  await waitForPageReady(page);
  await page.getByRole("button", { name: "Close menu" }).click();
  await page.waitForURL((url) => url.pathname === "/home-mobile");
});

test("following a link scrolls the new page to the top", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/home-desktop");
  await waitForPageReady(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).click();
  await page.waitForURL((url) => url.pathname === "/about-desktop");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // The navbar too, from further down the next page.
  await page.evaluate(() => window.scrollTo(0, 400));
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Services", exact: true })
    .click();
  await page.waitForURL((url) => url.pathname === "/services-desktop");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("the query and the hash survive the switch to the other variant", async ({ page }) => {
  // Public pages have no router in the browser (docs/decisions/024), so no route state: what a
  // page carries to its twin (such as Inquire's `?inquire`) travels in the address.
  await page.setViewportSize(DESKTOP);
  await page.goto("/about-desktop?probe=kept#main");
  await waitForPageReady(page);
  await page.setViewportSize(MOBILE);
  await page.waitForURL((url) => url.pathname === "/about-mobile");
  const url = new URL(page.url());
  expect(url.search).toBe("?probe=kept");
  expect(url.hash).toBe("#main");
});

test("the partner carousel shows six logos, reads them once, and can be paused", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/home-desktop");
  await waitForPageReady(page);
  const section = page.getByRole("region", { name: partners.title });
  await expect(section.getByRole("img")).toHaveCount(6);
  await expect(section.locator("img")).toHaveCount(12);
  const track = section.locator("[data-paused]");
  await section.getByRole("button", { name: "Pause animation" }).click();
  await expect(track).toHaveAttribute("data-paused", "true");
  await expect
    .poll(() => track.evaluate((el) => getComputedStyle(el).animationPlayState))
    .toBe("paused");
});

test("videos do not play when the user prefers reduced motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.setViewportSize(MOBILE);
  await page.goto("/home-mobile");
  await waitForPageReady(page);
  const video = page.locator("main video").first();
  await page.waitForTimeout(500);
  expect(await video.evaluate((el: HTMLVideoElement) => el.paused)).toBe(true);
  await expect(page.getByRole("button", { name: "Play video" })).toBeVisible();
});

test("external links open in a new tab without opener or referrer", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/about-desktop");
  await waitForPageReady(page);
  const external = page.locator('a[href^="http"]');
  expect(await external.count()).toBeGreaterThan(5);
  for (const link of await external.all()) {
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
});

test("the featured strip shows a published, featured update on both home pages", async ({
  page,
  playwright,
}, testInfo) => {
  const seeded = await seedFeaturedUpdates(playwright, baseUrlOf(testInfo), 1);
  const title = seeded.titles[0]!;
  try {
    for (const [viewport, home] of [
      [DESKTOP, "/home-desktop"],
      [MOBILE, "/home-mobile"],
    ] as const) {
      await page.setViewportSize(viewport);
      // Resizing may already be replacing the previous page by its twin (the width rule).
      await gotoPath(page, home);
      await page.waitForURL(urlWithPath(home));
      const strip = page.getByRole("region", { name: "Featured Updates" });
      await expect(strip.getByText(title)).toBeVisible();
    }
  } finally {
    await seeded.remove();
  }
});
