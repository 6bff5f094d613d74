/**
 * Services, Contact, Publications, SMS opt-in and the Currents of Care event page: each screen
 * at both widths, the Inquire prefill across pages, the gallery's timing, the calendar file and
 * the external links.
 */
import { expect, test, type Page } from "@playwright/test";
import { collectConsoleProblems, urlWithPath, waitForPageReady } from "./support/page";
import { VIEWPORTS, type ViewportName } from "./support/routes";
import { seedSnapshot, currentsOfCareSeed } from "#common/content/snapshot";
import { eventDateLines } from "#common/event-dates";
import { SMS_CONSENT_TEXT } from "#common/sms";

const { mobile: MOBILE, desktop: DESKTOP } = VIEWPORTS;
type Width = ViewportName;

// The pages show the seeded content (a fresh database; build-time pre-rendering).
const content = seedSnapshot();
const { contact, footer } = content.site;
const sms = { ...content.site.sms, consentText: SMS_CONSENT_TEXT };
// The seeded event, typed with every block it has (a new event may have fewer).
const currentsOfCare = currentsOfCareSeed;
const {
  conferencesHeading,
  expertise,
  heading: publicationsHeading,
} = content.site.publicationsPage;
const { conferences, publications, expertise: expertiseSections } = content;
const { finalInquire, inquireMessage, heading: servicesHeading } = content.services;
const courses = content.courses.filter((course) => course.variant !== "mobile");
const mobileCourses = content.courses.filter((course) => course.variant !== "desktop");
const VIEWPORT = VIEWPORTS;

const path = (page: Page) => new URL(page.url()).pathname;

interface Screen {
  h1: string;
  texts: readonly string[];
}

const expertiseHeadings = expertiseSections.map((section) => section.heading);
const eventTexts = [
  currentsOfCare.card.heading,
  ...eventDateLines(currentsOfCare).sessions.map((session) => session.date),
  eventDateLines(currentsOfCare).time,
  currentsOfCare.location.name,
  // The seeded gatherings took place in October 2025 (events-and-updates.spec.ts moves the event
  // into the future and back to see Register and Add to calendar).
  "This event has ended",
  currentsOfCare.about.heading,
  currentsOfCare.artMap.label,
  currentsOfCare.team.heading,
  ...currentsOfCare.team.participants.map((person) => person.name),
  currentsOfCare.joinTheMovement.heading,
  currentsOfCare.footnote.text,
];

/** What each screen shows; the key is the base path, completed with -mobile or -desktop. */
const SCREENS: Record<string, Record<Width, Screen>> = {
  "/services": {
    desktop: {
      h1: servicesHeading,
      texts: [...courses.map((course) => course.title), ...expertiseHeadings, "Contact Us"],
    },
    mobile: {
      h1: servicesHeading,
      texts: [
        ...mobileCourses.map((course) => course.title),
        ...expertiseHeadings,
        finalInquire.heading,
      ],
    },
  },
  "/contact": {
    desktop: { h1: contact.heading, texts: [contact.intro, footer.cookieLabel] },
    mobile: { h1: contact.heading, texts: [contact.intro, footer.cookieLabel] },
  },
  "/publications": {
    desktop: {
      h1: publicationsHeading,
      texts: [
        ...publications.map((publication) => publication.title),
        conferencesHeading,
        ...conferences.map((entry) => entry.event),
        expertise.heading,
        ...expertise.areas.map((area) => area.title),
      ],
    },
    mobile: {
      h1: publicationsHeading,
      texts: publications.map((publication) => publication.title),
    },
  },
  "/currents-of-care": {
    desktop: { h1: currentsOfCare.title, texts: eventTexts },
    mobile: { h1: currentsOfCare.title, texts: eventTexts },
  },
};

const MY_PAGES = [
  ...Object.keys(SCREENS).flatMap((base) => [`${base}-desktop`, `${base}-mobile`]),
  "/sms-opt-in",
];

async function expectTexts(page: Page, texts: readonly string[]) {
  for (const text of texts) {
    await expect(page.getByText(text).first(), text).toBeVisible();
  }
}

for (const width of ["mobile", "desktop"] as const) {
  test.describe(`at ${VIEWPORT[width].width} px`, () => {
    test.use({ viewport: VIEWPORT[width] });

    for (const [base, variants] of Object.entries(SCREENS)) {
      test(`${base}-${width} shows its h1 and key texts without console problems`, async ({
        page,
      }) => {
        const problems = await collectConsoleProblems(page);
        await page.goto(`${base}-${width}`);
        await waitForPageReady(page);
        const screen = variants[width];
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        await expect(page.getByRole("heading", { level: 1 })).toContainText(screen.h1);
        await expectTexts(page, screen.texts);
        await expect(page.locator("main#main")).toHaveCount(1);
        expect(problems.messages).toEqual([]);
      });

      test(`${base}-${other(width)} switches to ${base}-${width}`, async ({ page }) => {
        await page.goto(`${base}-${other(width)}`);
        await page.waitForURL(urlWithPath(`${base}-${width}`));
        await expect(page.getByRole("heading", { level: 1 })).toContainText(variants[width].h1);
      });
    }

    test("/sms-opt-in shows its heading, form and consent text and stays put", async ({ page }) => {
      const problems = await collectConsoleProblems(page);
      await page.goto("/sms-opt-in");
      await waitForPageReady(page);
      await expect(page.getByRole("heading", { level: 1, name: sms.heading })).toBeVisible();
      await expect(page.getByRole("textbox", { name: sms.phoneLabel })).toBeVisible();
      await expect(page.getByRole("button", { name: sms.subscribe })).toBeVisible();
      await expect(page.getByText(sms.consentText)).toBeVisible();
      expect(path(page)).toBe("/sms-opt-in");
      expect(problems.messages).toEqual([]);
    });

    test("services: the course cards and their Inquire buttons", async ({ page }) => {
      await page.goto(`/services-${width}`);
      await waitForPageReady(page);
      const titles = page.getByRole("region", { name: "Courses" }).getByRole("heading", {
        level: 3,
      });
      const expected = (width === "desktop" ? courses : mobileCourses).map((c) => c.title);
      await expect(titles).toHaveText(expected);
      await expect(
        page.getByRole("region", { name: "Courses" }).getByRole("link", { name: "Inquire" }),
      ).toHaveCount(expected.length);
      if (width === "mobile") {
        const funding = page.getByRole("region", { name: "Funding" });
        await expect(funding.getByText("50%", { exact: true })).toHaveCount(2);
        await expect(page.getByRole("link", { name: "Open menu" })).toBeVisible();
      } else {
        await expect(page.locator("main video")).toHaveCount(1);
        await expect(
          page.getByRole("main").getByRole("link", { name: "Contact Us", exact: true }),
        ).toHaveAttribute("href", "/contact-desktop");
      }
    });
  });
}

function other(width: Width): Width {
  return width === "mobile" ? "desktop" : "mobile";
}

test.describe("Inquire prefills the contact form", () => {
  test("at 390 px: services-mobile → contact-mobile with Message prefilled", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto("/services-mobile");
    await waitForPageReady(page);
    await page.getByRole("link", { name: "Inquire" }).first().click();
    await page.waitForURL(urlWithPath("/contact-mobile"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(contact.heading);
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue(inquireMessage);
    await expect(page.getByRole("textbox", { name: "First name" })).toHaveValue("");
  });

  test("the final Inquire button on services-mobile prefills too", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto("/services-mobile");
    await waitForPageReady(page);
    await page.getByRole("link", { name: finalInquire.label }).last().click();
    await page.waitForURL(urlWithPath("/contact-mobile"));
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue(inquireMessage);
  });

  test("at 1280 px: services-desktop → contact-desktop (switched) keeps the prefill", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/services-desktop");
    await waitForPageReady(page);
    await page.getByRole("link", { name: "Inquire" }).nth(2).click();
    await page.waitForURL(urlWithPath("/contact-desktop"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(contact.heading);
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue(inquireMessage);
  });

  test("a contact page opened directly starts with an empty Message", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/contact-desktop");
    await waitForPageReady(page);
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("");
    const labels = page.getByRole("contentinfo");
    for (const label of [footer.privacyLabel, footer.termsLabel, footer.cookieLabel]) {
      await expect(labels.getByText(label, { exact: true })).toBeVisible();
    }
  });
});

test.describe("event gallery", () => {
  test.use({ viewport: DESKTOP });

  const slides = (page: Page) => page.locator('[aria-roledescription="slide"]');

  async function expectShown(page: Page, n: number) {
    const all = slides(page);
    await expect(all).toHaveCount(2);
    for (let i = 0; i < 2; i += 1) {
      const slide = all.nth(i);
      if (i === n - 1) {
        await expect(slide).not.toHaveAttribute("aria-hidden", "true");
        await expect(slide).not.toHaveAttribute("inert", /.*/);
      } else {
        await expect(slide).toHaveAttribute("aria-hidden", "true");
        await expect(slide).toHaveAttribute("inert", "");
      }
    }
    await expect(page.getByRole("button", { name: `Go to slide ${n}` })).toHaveAttribute(
      "aria-current",
      "true",
    );
  }

  test("advances every 5000 ms and wraps, with named controls", async ({ page }) => {
    await page.clock.install();
    await page.goto("/currents-of-care-desktop");
    await waitForPageReady(page);
    const region = page.getByRole("region", { name: currentsOfCare.gallery.label });
    await expect(region).toHaveAttribute("aria-roledescription", "carousel");
    await expect(slides(page).nth(0)).toHaveAttribute("aria-label", "1 of 2");
    await expect(slides(page).nth(1)).toHaveAttribute("aria-label", "2 of 2");
    await expectShown(page, 1);

    await page.clock.runFor(4900);
    await expectShown(page, 1);
    await page.clock.runFor(100);
    await expectShown(page, 2);
    await expect(page.getByText(currentsOfCare.gallery.slides[1]!.caption)).toBeVisible();
    await page.clock.runFor(5000);
    await expectShown(page, 1);

    // Previous from the first slide wraps to the last; Next from the last wraps to the first.
    await page.getByRole("button", { name: "Previous slide" }).click();
    await expectShown(page, 2);
    await page.getByRole("button", { name: "Next slide" }).click();
    await expectShown(page, 1);
    await page.getByRole("button", { name: "Go to slide 2" }).click();
    await expectShown(page, 2);
  });

  test("pauses and resumes, and holds still while hovered", async ({ page }) => {
    await page.clock.install();
    await page.goto("/currents-of-care-desktop");
    await waitForPageReady(page);
    await page.getByRole("button", { name: "Pause rotation" }).click();
    // The pointer and focus now rest on the button; move both away to prove the pause holds.
    await page.mouse.move(5, 5);
    await page.locator("h1").click();
    await page.clock.runFor(15_000);
    await expectShown(page, 1);
    await page.getByRole("button", { name: "Resume rotation" }).click();
    await page.mouse.move(5, 5);
    await page.locator("h1").click();
    await page.clock.runFor(5000);
    await expectShown(page, 2);

    // Hovering the carousel stops the rotation until the pointer leaves.
    await page.getByRole("region", { name: currentsOfCare.gallery.label }).hover();
    await page.clock.runFor(12_000);
    await expectShown(page, 2);
    await page.mouse.move(5, 5);
    await page.clock.runFor(5000);
    await expectShown(page, 1);
  });

  test("does not rotate when the user prefers reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/currents-of-care-desktop");
    await waitForPageReady(page);
    await page.clock.runFor(15_000);
    await expectShown(page, 1);
    await expect(page.getByRole("button", { name: /rotation/ })).toHaveCount(0);
  });
});

test.describe("calendar file", () => {
  test("/currents-of-care.ics is text/calendar with both sessions", async ({ request }) => {
    const response = await request.get("/currents-of-care.ics");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/calendar/);
    const body = await response.text();
    expect(body.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(body).toContain("\r\nVERSION:2.0\r\n");
    expect(body).toContain("\r\nBEGIN:VTIMEZONE\r\nTZID:America/Los_Angeles\r\n");
    expect(body).toContain("\r\nDTSTART;TZID=America/Los_Angeles:20251011T120000\r\n");
    expect(body).toContain("\r\nDTEND;TZID=America/Los_Angeles:20251011T150000\r\n");
    expect(body).toContain("\r\nDTSTART;TZID=America/Los_Angeles:20251025T120000\r\n");
    expect(body).toContain("\r\nDTEND;TZID=America/Los_Angeles:20251025T150000\r\n");
    expect(body.match(/\r\nBEGIN:VEVENT\r\n/g)).toHaveLength(2);
    expect(body.endsWith("END:VCALENDAR\r\n")).toBe(true);
    for (const line of body.split("\r\n")) {
      expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    }
  });

  test("the event pages carry Event JSON-LD for both real dates, with no tickets once ended", async ({
    page,
  }) => {
    await page.goto("/currents-of-care-desktop");
    const blocks = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "null")));
    const events = blocks
      .flat()
      .filter((block: { "@type"?: string }) => block?.["@type"] === "Event");
    expect(events.map((e: { startDate: string }) => e.startDate)).toEqual(
      currentsOfCare.sessions.map((session) => session.start),
    );
    for (const event of events) {
      expect(event).toMatchObject({
        isAccessibleForFree: true,
        eventStatus: "https://schema.org/EventScheduled",
        location: { "@type": "Place" },
        eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      });
      expect(event).not.toHaveProperty("offers");
    }
  });
});

test.describe("external links", () => {
  for (const width of ["mobile", "desktop"] as const) {
    test(`open in a new tab without opener or referrer on every page (${width})`, async ({
      page,
    }) => {
      await page.setViewportSize(VIEWPORT[width]);
      for (const pagePath of MY_PAGES) {
        if (pagePath !== "/sms-opt-in" && !pagePath.endsWith(`-${width}`)) continue;
        await page.goto(pagePath);
        await waitForPageReady(page);
        const links = await page.locator('a[href^="http"]').evaluateAll((anchors) =>
          anchors.map((a) => ({
            href: a.getAttribute("href"),
            target: a.getAttribute("target"),
            rel: (a.getAttribute("rel") ?? "").split(/\s+/),
            host: new URL((a as HTMLAnchorElement).href).host,
          })),
        );
        const external = links.filter((link) => link.host !== new URL(page.url()).host);
        expect(external.length, pagePath).toBeGreaterThan(0);
        for (const link of external) {
          expect(link.target, `${pagePath} ${link.href}`).toBe("_blank");
          expect(link.rel, `${pagePath} ${link.href}`).toEqual(
            expect.arrayContaining(["noopener", "noreferrer"]),
          );
        }
      }
    });
  }
});
