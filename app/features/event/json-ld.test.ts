import { describe, expect, it } from "vitest";
import { currentsOfCareSeed } from "#common/content/snapshot";
import { eventJsonLd } from "./json-ld";

// The seeded event, typed with every block it has (a new event may have fewer).
const currentsOfCare = currentsOfCareSeed;

describe("eventJsonLd", () => {
  const events = eventJsonLd(currentsOfCare, "Commons Learning Design");

  it("describes both Saturdays as free, in-person, scheduled events", () => {
    expect(events).toHaveLength(2);
    expect(events.map((e) => [e.startDate, e.endDate])).toEqual([
      ["2025-10-11T12:00:00-07:00", "2025-10-11T15:00:00-07:00"],
      ["2025-10-25T12:00:00-07:00", "2025-10-25T15:00:00-07:00"],
    ]);
    for (const event of events) {
      expect(event).toMatchObject({
        "@context": "https://schema.org",
        "@type": "Event",
        name: "Currents of Care",
        isAccessibleForFree: true,
        eventStatus: "https://schema.org/EventScheduled",
        eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
        offers: { "@type": "Offer", price: 0 },
        location: {
          "@type": "Place",
          address: { "@type": "PostalAddress", addressLocality: "Renton", addressRegion: "WA" },
        },
        organizer: { "@type": "Organization" },
      });
      expect(String(event.url)).toMatch(/^https:\/\/.+\/currents-of-care$/);
      for (const image of event.image as string[]) expect(image).toMatch(/^https:\/\//);
    }
  });

  it("serialises to JSON", () => {
    expect(JSON.parse(JSON.stringify(events))).toEqual(events);
  });
});

describe("eventJsonLd by state", () => {
  it("an ended event keeps its real dates and offers nothing in stock", () => {
    for (const event of eventJsonLd(currentsOfCare, "Org", undefined, "ended")) {
      expect(event.startDate).toMatch(/^2025-10-/);
      expect(event.eventStatus).toBe("https://schema.org/EventScheduled");
      expect(event).not.toHaveProperty("offers");
    }
  });

  it("cancelled and postponed events carry their schema.org status", () => {
    expect(eventJsonLd(currentsOfCare, "Org", undefined, "cancelled")[0]).toMatchObject({
      eventStatus: "https://schema.org/EventCancelled",
    });
    expect(eventJsonLd(currentsOfCare, "Org", undefined, "postponed")[0]).toMatchObject({
      eventStatus: "https://schema.org/EventPostponed",
    });
  });
});
