import { describe, expect, it } from "vitest";
import { eventStateAt, SCHEMA_ORG_EVENT_STATUS } from "./event-state";

const at = (iso: string) => Date.parse(iso);

// The seeded Currents of Care gatherings: two Saturdays in October 2025, Pacific daylight time.
const sessions = [
  { start: "2025-10-11T12:00:00-07:00", end: "2025-10-11T15:00:00-07:00" },
  { start: "2025-10-25T12:00:00-07:00", end: "2025-10-25T15:00:00-07:00" },
];

describe("eventStateAt", () => {
  it("is upcoming before the first session, with that session's start as the next boundary", () => {
    expect(eventStateAt(sessions, at("2025-10-01T00:00:00Z"))).toEqual({
      state: "upcoming",
      nextBoundary: at("2025-10-11T12:00:00-07:00"),
    });
  });

  it("is happening from a session's start up to, not including, its end", () => {
    expect(eventStateAt(sessions, at("2025-10-11T12:00:00-07:00")).state).toBe("happening");
    expect(eventStateAt(sessions, at("2025-10-11T14:59:59.999-07:00")).state).toBe("happening");
    expect(eventStateAt(sessions, at("2025-10-11T15:00:00-07:00"))).toEqual({
      state: "upcoming",
      nextBoundary: at("2025-10-25T12:00:00-07:00"),
    });
  });

  it("ends when the last session ends and then never changes again", () => {
    expect(eventStateAt(sessions, at("2025-10-25T14:59:59.999-07:00"))).toEqual({
      state: "happening",
      nextBoundary: at("2025-10-25T15:00:00-07:00"),
    });
    expect(eventStateAt(sessions, at("2025-10-25T15:00:00-07:00"))).toEqual({
      state: "ended",
      nextBoundary: null,
    });
    expect(eventStateAt(sessions, at("2026-11-25T08:00:00Z")).state).toBe("ended");
  });

  it("compares instants across the autumn daylight-saving change in the event's zone", () => {
    // 2025-11-02 in Los Angeles: 01:00-01:59 happens twice (PDT, then PST). A session from
    // 01:30 PDT to 01:30 PST lasts one hour, though both read 01:30 on a wall clock.
    const overnight = [{ start: "2025-11-02T01:30:00-07:00", end: "2025-11-02T01:30:00-08:00" }];
    expect(eventStateAt(overnight, at("2025-11-02T01:45:00-07:00")).state).toBe("happening");
    // The wall clock has gone back to 01:15, yet 45 minutes have passed: still happening.
    expect(eventStateAt(overnight, at("2025-11-02T01:15:00-08:00")).state).toBe("happening");
    expect(eventStateAt(overnight, at("2025-11-02T01:30:00-08:00")).state).toBe("ended");
    expect(eventStateAt(overnight, at("2025-11-02T01:45:00-07:00")).nextBoundary).toBe(
      at("2025-11-02T09:30:00Z"),
    );
  });

  it("handles the spring change, when 02:00-02:59 does not exist", () => {
    const spring = [{ start: "2026-03-08T01:30:00-08:00", end: "2026-03-08T03:30:00-07:00" }];
    // One hour long by the clock on the wall reading 01:30 to 03:30.
    expect(eventStateAt(spring, at("2026-03-08T10:29:59Z")).state).toBe("happening");
    expect(eventStateAt(spring, at("2026-03-08T10:30:00Z")).state).toBe("ended");
  });

  it("keeps a cancelled or postponed event so whatever the clock says", () => {
    for (const now of [
      at("2025-10-01T00:00:00Z"),
      at("2025-10-11T13:00:00-07:00"),
      at("2027-01-01T00:00:00Z"),
    ]) {
      expect(eventStateAt(sessions, now, "cancelled")).toEqual({
        state: "cancelled",
        nextBoundary: null,
      });
      expect(eventStateAt(sessions, now, "postponed")).toEqual({
        state: "postponed",
        nextBoundary: null,
      });
    }
    expect(SCHEMA_ORG_EVENT_STATUS.cancelled).toBe("https://schema.org/EventCancelled");
    expect(SCHEMA_ORG_EVENT_STATUS.postponed).toBe("https://schema.org/EventPostponed");
    expect(SCHEMA_ORG_EVENT_STATUS.ended).toBe("https://schema.org/EventScheduled");
  });

  it("orders sessions given out of order", () => {
    const reversed = [...sessions].reverse();
    expect(eventStateAt(reversed, at("2025-10-01T00:00:00Z")).nextBoundary).toBe(
      at("2025-10-11T12:00:00-07:00"),
    );
  });
});
