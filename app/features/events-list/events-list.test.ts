import { describe, expect, it } from "vitest";
import { seedSnapshot, type EventContent } from "#common/content/snapshot";
import { eventsLists } from "./events-list";

const first = seedSnapshot().events[0]!;

function event(
  slug: string,
  start: string,
  end: string,
  status: EventContent["status"] = "scheduled",
) {
  return { ...first, slug, title: slug, status, sessions: [{ ...first.sessions[0]!, start, end }] };
}

describe("eventsLists", () => {
  const events = [
    first, // October 2025
    event("spring-walk", "2027-04-10T10:00:00-07:00", "2027-04-10T12:00:00-07:00"),
    event("winter-talk", "2026-12-05T18:00:00-08:00", "2026-12-05T19:00:00-08:00", "postponed"),
    event("last-week", "2026-11-18T10:00:00-08:00", "2026-11-18T12:00:00-08:00"),
    event("now-on", "2026-11-25T09:00:00Z", "2026-11-25T11:00:00Z"),
  ];
  const now = Date.parse("2026-11-25T10:00:00Z");
  const lists = eventsLists(events, now);

  it("puts events with a session ahead or under way first, soonest first", () => {
    expect(lists.upcoming.map((entry) => [entry.title, entry.state])).toEqual([
      ["now-on", "happening"],
      ["winter-talk", "postponed"],
      ["spring-walk", "upcoming"],
    ]);
  });

  it("puts events whose sessions are all over last, latest first, as ended", () => {
    expect(lists.past.map((entry) => [entry.title, entry.state])).toEqual([
      ["last-week", "ended"],
      ["Currents of Care", "ended"],
    ]);
  });

  it("links the first event to its own address and the others under /events", () => {
    expect(lists.past.map((entry) => entry.href)).toEqual([
      "/events/last-week",
      "/currents-of-care",
    ]);
  });

  it("writes each event's dates and time from its sessions, or shows the ones staff wrote", () => {
    const spring = lists.upcoming.find((entry) => entry.title === "spring-walk")!;
    expect([spring.datesLabel, spring.timeLabel]).toEqual([
      "Saturday, April 10, 2027",
      "10:00 AM-12:00 PM",
    ]);
    const seeded = lists.past.find((entry) => entry.title === "Currents of Care")!;
    expect([seeded.datesLabel, seeded.timeLabel]).toEqual([
      "Saturdays, October 11 and 25, 2025",
      "12:00-3:00 PM",
    ]);
    const written = eventsLists([{ ...first, datesLabel: "Two autumn Saturdays" }], now).past[0]!;
    expect(written.datesLabel).toBe("Two autumn Saturdays");
  });

  it("goes by the sessions' times, not the order they were written in", () => {
    const [october11, october25] = first.sessions;
    const reversed = { ...first, sessions: [october25!, october11!] };
    // Between the two sessions: still upcoming, dated from the first session.
    const between = eventsLists([reversed], Date.parse("2025-10-18T12:00:00Z"));
    expect(between.upcoming.map((entry) => [entry.start, entry.state])).toEqual([
      [october11!.start, "upcoming"],
    ]);
    expect(eventsLists([reversed], Date.parse(october25!.end)).past).toHaveLength(1);
  });
});
