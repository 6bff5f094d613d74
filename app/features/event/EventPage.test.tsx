// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { currentsOfCareSeed, type EventContent } from "#common/content/snapshot";
import { EventPage } from "./EventPage";
import { renderWithContent } from "~/content/test-content";

// The seeded event, typed with every block it has (a new event may have fewer).
const currentsOfCare = currentsOfCareSeed;

function renderPage(variant: "desktop" | "mobile" | "responsive" = "desktop") {
  return renderWithContent(<EventPage event={currentsOfCare} variant={variant} />);
}

describe("EventPage", () => {
  it.each(["desktop", "mobile"] as const)(
    "has one h1 and the sections in order (%s)",
    (variant) => {
      renderPage(variant);
      expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
      expect(screen.getByRole("heading", { level: 1 }).textContent).toContain("Currents of Care");
      const h2s = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
      expect(h2s).toEqual([
        "Join Us",
        "Event gallery",
        "About the Project",
        "Team Participants",
        "Join the Movement",
      ]);
      expect(screen.getByRole("main").id).toBe("main");
    },
  );

  it("shows both Saturdays with machine-readable times, the time and the library", () => {
    const { container } = renderPage();
    const times = [...container.querySelectorAll("time")].map((t) => t.getAttribute("datetime"));
    expect(times).toEqual(["2025-10-11T12:00:00-07:00", "2025-10-25T12:00:00-07:00"]);
    expect(screen.getByText("Saturday, October 11, 2025")).toBeTruthy();
    expect(screen.getByText("Saturday, October 25, 2025")).toBeTruthy();
    expect(screen.getByText("12:00-3:00 PM")).toBeTruthy();
    expect(container.querySelector("address")?.textContent).toContain("Renton, WA");
  });

  it("links to registration, the calendar file, social pages, the art map and the movement", () => {
    renderPage();
    const register = screen.getByRole("link", { name: /^Register for Event/ });
    expect(register.getAttribute("href")).toBe(currentsOfCare.register.url);
    const calendar = screen.getByRole("link", { name: /^Add to calendar/ });
    expect(calendar.getAttribute("href")).toBe("/currents-of-care.ics");
    expect(calendar.hasAttribute("download")).toBe(true);
    expect(screen.getByRole("link", { name: /^Facebook/ })).toBeTruthy();
    expect(screen.getByRole("link", { name: /^Instagram/ })).toBeTruthy();
    expect(screen.getByRole("link", { name: /Coast Salish public art/ })).toBeTruthy();
    expect(screen.getByRole("link", { name: /^Learn More/ })).toBeTruthy();
    expect(screen.getByRole("link", { name: /^Get Involved/ })).toBeTruthy();
  });

  it("opens every external link in a new tab without opener or referrer", () => {
    renderPage();
    const external = [...screen.getByRole("main").querySelectorAll("a")].filter((a) =>
      /^https?:/.test(a.getAttribute("href") ?? ""),
    );
    // Register, Facebook, Instagram, the art map, Learn More and Get Involved.
    expect(external).toHaveLength(6);
    for (const link of external) {
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    }
  });

  it("lists five participants, two with their artwork", () => {
    renderPage();
    const team = screen.getByRole("region", { name: "Team Participants" });
    const cards = within(team).getAllByRole("listitem");
    expect(cards).toHaveLength(5);
    expect(within(team).getAllByRole("heading", { level: 3 })).toHaveLength(5);
    const artworks = within(team).getAllByRole("img");
    expect(artworks).toHaveLength(2);
    for (const image of artworks) {
      expect(image.getAttribute("width")).toBeTruthy();
      expect(image.getAttribute("loading")).toBe("lazy");
    }
  });

  it("shows the flyer and a closing footnote crediting the name", () => {
    renderPage();
    expect(screen.getByRole("img", { name: currentsOfCare.about.flyer.alt })).toBeTruthy();
    const footnote = screen.getByRole("complementary");
    expect(footnote.textContent).toContain(currentsOfCare.footnote.text);
    const marker = screen.getByRole("link", { name: /^\*\s*footnote$/ });
    expect(marker.getAttribute("href")).toBe("#event-footnote");
    expect(document.getElementById("event-footnote")).toBeTruthy();
  });

  it.each(["desktop", "mobile", "responsive"] as const)(
    "keeps the site's header and footer (%s)",
    (variant) => {
      renderPage(variant);
      const headerLink = variant === "mobile" ? "Open menu" : "About";
      expect(screen.getByRole("link", { name: headerLink })).toBeTruthy();
      if (variant === "responsive") {
        // Both headers are there; CSS shows the one for the width (PageLayout.module.css).
        expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
        expect(screen.getByRole("link", { name: "Open menu" })).toBeTruthy();
      }
      const footer = screen.getByRole("contentinfo");
      expect(within(footer).getByRole("link", { name: "Privacy Policy" })).toBeTruthy();
      expect(screen.getAllByRole("main")).toHaveLength(1);
    },
  );

  it("loads the first gallery picture with high priority on desktop only", () => {
    const first = currentsOfCare.gallery.slides[0]!;
    const { unmount } = renderPage("desktop");
    const desktopImage = screen.getByRole("img", { name: first.alt });
    expect(desktopImage.getAttribute("fetchpriority")).toBe("high");
    expect(desktopImage.getAttribute("loading")).toBe("eager");
    unmount();
    renderPage("mobile");
    expect(screen.getByRole("img", { name: first.alt }).getAttribute("loading")).toBe("lazy");
  });
});

describe("EventPage once the event can no longer be attended", () => {
  it.each([
    ["ended", "This event has ended"],
    ["cancelled", "This event is cancelled"],
    ["postponed", "This event is postponed"],
  ] as const)(
    "%s: says so beside the dates, with no register or calendar link",
    (state, notice) => {
      renderWithContent(<EventPage event={currentsOfCare} variant="desktop" state={state} />);
      expect(screen.getByText(notice)).toBeTruthy();
      expect(screen.queryByRole("link", { name: /register/i })).toBeNull();
      expect(screen.queryByRole("link", { name: /calendar/i })).toBeNull();
    },
  );

  it("upcoming and happening keep both links", () => {
    for (const state of ["upcoming", "happening"] as const) {
      const { unmount } = renderWithContent(
        <EventPage event={currentsOfCare} variant="desktop" state={state} />,
      );
      expect(screen.getByRole("link", { name: /register/i })).toBeTruthy();
      expect(screen.getByRole("link", { name: /calendar/i })).toBeTruthy();
      expect(screen.queryByText(/This event has/)).toBeNull();
      unmount();
    }
  });

  it("shows a new event with only its title, sessions and place, with the site's words (issue 29)", () => {
    // As the schema gives back a new event with only those (common/content/event.ts).
    const event: EventContent = {
      slug: "spring-workshop",
      status: "scheduled",
      title: "Spring workshop",
      timezone: "America/Los_Angeles",
      sessions: [{ start: "2027-04-10T10:00:00-07:00", end: "2027-04-10T12:00:00-07:00" }],
      location: { name: "Community hall" },
      card: {
        heading: "Join Us",
        dateLabel: "Dates",
        timeLabel: "Time",
        locationLabel: "Location",
      },
      addToCalendar: { label: "Add to calendar" },
    };
    const { container } = renderWithContent(<EventPage event={event} variant="responsive" />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Spring workshop");
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Join Us",
    ]);
    expect(container.querySelector("address")?.textContent).toBe("Community hall");
    expect(screen.getByText("Saturday, April 10, 2027")).toBeTruthy();
    // No register button, no social list, gallery, footnote or empty paragraphs.
    expect(screen.queryByRole("link", { name: /register/i })).toBeNull();
    expect(screen.getByRole("link", { name: /^Add to calendar/ }).getAttribute("href")).toBe(
      "/events/spring-workshop/calendar.ics",
    );
    expect(screen.queryByRole("region", { name: "Event gallery" })).toBeNull();
    expect(container.querySelector("sup")).toBeNull();
    expect([...container.querySelectorAll("p")].filter((p) => p.textContent === "")).toEqual([]);
  });
});
