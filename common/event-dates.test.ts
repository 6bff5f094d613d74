import { describe, expect, it } from "vitest";
import {
  eventDateLines,
  eventDatesLine,
  eventTimeLine,
  joinWords,
  sessionDateLine,
  sessionSummary,
  sessionTimeLine,
} from "./event-dates";

const LA = "America/Los_Angeles";
const session = (start: string, end: string) => ({ start, end });

describe("an event's date and time lines, from its sessions in its time zone", () => {
  const october11 = session("2025-10-11T12:00:00-07:00", "2025-10-11T15:00:00-07:00");
  const october25 = session("2025-10-25T12:00:00-07:00", "2025-10-25T15:00:00-07:00");

  it("writes the seeded event's lines exactly as they were typed before", () => {
    expect(sessionDateLine(october11, LA)).toBe("Saturday, October 11, 2025");
    expect(sessionTimeLine(october11, LA)).toBe("12:00-3:00 PM");
    expect(eventDatesLine([october11, october25], LA)).toBe("Saturdays, October 11 and 25, 2025");
    expect(eventTimeLine([october11, october25], LA)).toBe("12:00-3:00 PM");
  });

  it("reads each session in the event's zone, across the autumn change (PDT, then PST)", () => {
    // 1 November is daylight time (-07:00), 8 November standard time (-08:00): both noon there.
    const before = session("2025-11-01T12:00:00-07:00", "2025-11-01T14:30:00-07:00");
    const after = session("2025-11-08T12:00:00-08:00", "2025-11-08T14:30:00-08:00");
    expect(sessionTimeLine(before, LA)).toBe("12:00-2:30 PM");
    expect(sessionTimeLine(after, LA)).toBe("12:00-2:30 PM");
    expect(eventTimeLine([before, after], LA)).toBe("12:00-2:30 PM");
    expect(eventDatesLine([before, after], LA)).toBe("Saturdays, November 1 and 8, 2025");
    // The same instants written in UTC read the same.
    expect(sessionTimeLine(session("2025-11-08T20:00:00Z", "2025-11-08T22:30:00Z"), LA)).toBe(
      "12:00-2:30 PM",
    );
  });

  it("reads the spring change too: 9 March 2025 at 10:00 is daylight time", () => {
    const march8 = session("2025-03-08T10:00:00-08:00", "2025-03-08T11:00:00-08:00");
    const march9 = session("2025-03-09T10:00:00-07:00", "2025-03-09T11:00:00-07:00");
    expect(eventDatesLine([march8, march9], LA)).toBe("March 8 and 9, 2025");
    expect(eventTimeLine([march8, march9], LA)).toBe("10:00-11:00 AM");
    // An offset that does not match the day's is still read as the instant it names.
    expect(
      sessionTimeLine(session("2025-03-09T10:00:00-08:00", "2025-03-09T11:00:00-08:00"), LA),
    ).toBe("11:00 AM-12:00 PM");
  });

  it("takes the day from the event's zone, not the offset's or UTC's", () => {
    const lateEvening = session("2025-10-11T21:00:00-07:00", "2025-10-11T23:00:00-07:00");
    expect(sessionDateLine(lateEvening, LA)).toBe("Saturday, October 11, 2025");
    expect(sessionDateLine(lateEvening, "Asia/Tokyo")).toBe("Sunday, October 12, 2025");
    expect(sessionTimeLine(lateEvening, LA)).toBe("9:00-11:00 PM");
  });

  it("names both halves of the day when a session spans noon", () => {
    expect(
      sessionTimeLine(session("2025-10-11T10:30:00-07:00", "2025-10-11T13:00:00-07:00"), LA),
    ).toBe("10:30 AM-1:00 PM");
  });

  it("lists many dates with the month when it changes and the year after each year", () => {
    const days = ["2025-10-04", "2025-10-11", "2025-11-08"].map((day) =>
      session(`${day}T12:00:00-07:00`, `${day}T13:00:00-07:00`),
    );
    expect(eventDatesLine(days, LA)).toBe("Saturdays, October 4, 11 and November 8, 2025");
    const acrossYears = [
      session("2026-01-03T12:00:00-08:00", "2026-01-03T13:00:00-08:00"),
      session("2025-12-30T12:00:00-08:00", "2025-12-30T13:00:00-08:00"),
    ];
    expect(eventDatesLine(acrossYears, LA)).toBe("December 30, 2025 and January 3, 2026");
  });

  it("gives one date for several sessions on one day, and each distinct time", () => {
    const morning = session("2025-10-11T10:00:00-07:00", "2025-10-11T11:00:00-07:00");
    const afternoon = session("2025-10-11T13:00:00-07:00", "2025-10-11T14:00:00-07:00");
    expect(eventDatesLine([afternoon, morning], LA)).toBe("Saturday, October 11, 2025");
    expect(eventTimeLine([morning, afternoon], LA)).toBe("10:00-11:00 AM or 1:00-2:00 PM");
  });

  it("shows a line staff wrote instead of the generated one", () => {
    const lines = eventDateLines({
      timezone: LA,
      sessions: [{ ...october11, dateLabel: "Opening day" }, october25],
      datesLabel: "Two Saturdays this autumn",
    });
    expect(lines.sessions).toEqual([
      { start: october11.start, date: "Opening day", time: "12:00-3:00 PM" },
      { start: october25.start, date: "Saturday, October 25, 2025", time: "12:00-3:00 PM" },
    ]);
    expect(lines.dates).toBe("Two Saturdays this autumn");
    expect(lines.time).toBe("12:00-3:00 PM");
    expect(eventTimeLine([{ ...october11, timeLabel: "Noon to three" }], LA)).toBe("Noon to three");
  });

  it("lists each session's lines in the order the sessions happen, whatever order they were written in", () => {
    const lines = eventDateLines({ timezone: LA, sessions: [october25, october11] });
    expect(lines.sessions.map((line) => line.start)).toEqual([october11.start, october25.start]);
    expect(lines.sessions[0]!.date).toBe("Saturday, October 11, 2025");
    expect(lines.dates).toBe("Saturdays, October 11 and 25, 2025");
  });

  it("reads midnight and noon on the 12-hour clock", () => {
    expect(
      sessionTimeLine(session("2025-10-11T00:00:00-07:00", "2025-10-11T00:30:00-07:00"), LA),
    ).toBe("12:00-12:30 AM");
    expect(
      sessionTimeLine(session("2025-10-11T11:30:00-07:00", "2025-10-11T12:00:00-07:00"), LA),
    ).toBe("11:30 AM-12:00 PM");
  });

  it("gives empty lines for a time or zone it cannot read, rather than throwing", () => {
    expect(sessionDateLine(session("not a time", "nor this"), LA)).toBe("");
    expect(sessionTimeLine(october11, "Not/AZone")).toBe("");
    expect(eventDatesLine([], LA)).toBe("");
  });

  it("summarises a session in words", () => {
    expect(sessionSummary(october11, LA)).toBe("Saturday, October 11, 2025, 12:00-3:00 PM");
  });

  it("joins words without a comma before 'and'", () => {
    expect(joinWords([])).toBe("");
    expect(joinWords(["a"])).toBe("a");
    expect(joinWords(["a", "b", "c"])).toBe("a, b and c");
  });
});
