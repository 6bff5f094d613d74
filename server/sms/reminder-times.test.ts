import { describe, expect, it } from "vitest";
import { DEFAULT_SEND_HOURS } from "../../common/sms-hours.js";
import { beginsAt, numberTurn, remindAtFor, siteTurn } from "./reminder-times.js";

const LA = "America/Los_Angeles";
const NY = "America/New_York";
const at = (iso: string) => Date.parse(iso);

describe("event reminder times", () => {
  it("the lead comes off the session's start", () => {
    const start = at("2026-12-05T18:00:00-08:00");
    expect(remindAtFor(start, "1d")).toBe(at("2026-12-04T18:00:00-08:00"));
    expect(remindAtFor(start, "2d")).toBe(at("2026-12-03T18:00:00-08:00"));
    expect(remindAtFor(start, "3h")).toBe(at("2026-12-05T15:00:00-08:00"));
  });

  it("within the hours it goes at its moment; outside, at the last allowed minute before", () => {
    const evening = at("2026-12-04T18:00:00-08:00");
    expect(siteTurn(evening, LA, DEFAULT_SEND_HOURS)).toBe(evening);
    // 07:00 (a 10:00 session, 3 hours before): the evening before, 19:59, never 09:00 after.
    expect(siteTurn(at("2026-12-05T07:00:00-08:00"), LA, DEFAULT_SEND_HOURS)).toBe(
      at("2026-12-04T19:59:00-08:00"),
    );
    // 21:30: 19:59 the same day.
    expect(siteTurn(at("2026-12-04T21:30:00-08:00"), LA, DEFAULT_SEND_HOURS)).toBe(
      at("2026-12-04T19:59:00-08:00"),
    );
    expect(siteTurn(at("2026-12-04T20:00:00-08:00"), LA, { from: "10:00", to: "18:30" })).toBe(
      at("2026-12-04T18:29:00-08:00"),
    );
  });

  it("a number in a zone that closes earlier has its own, earlier turn; recipients are stored by the earliest", () => {
    const evening = at("2026-12-04T18:00:00-08:00");
    // 18:00 in Los Angeles is 21:00 in New York: 19:59 there, 16:59 here.
    expect(numberTurn(evening, at("2026-12-04T12:00:00-08:00"), [LA, NY], DEFAULT_SEND_HOURS)).toBe(
      at("2026-12-04T16:59:00-08:00"),
    );
    expect(beginsAt(evening, LA, DEFAULT_SEND_HOURS)).toBeLessThanOrEqual(
      at("2026-12-04T16:59:00-08:00"),
    );
    expect(beginsAt(evening, LA, DEFAULT_SEND_HOURS)).toBeGreaterThan(
      at("2026-12-04T09:00:00-08:00"),
    );
  });

  it("a number whose turn has passed goes now only while its hours are open and its moment is ahead", () => {
    const evening = at("2026-12-04T18:00:00-08:00");
    // Stored at 17:30 (late): New York closed at 17:00 here, so that number gets none.
    expect(numberTurn(evening, at("2026-12-04T17:30:00-08:00"), [LA, NY], DEFAULT_SEND_HOURS)).toBe(
      null,
    );
    // Stored 30 s into its own minute: it goes at once.
    const late = at("2026-12-04T16:59:30-08:00");
    expect(numberTurn(evening, late, [LA, NY], DEFAULT_SEND_HOURS)).toBe(late);
    // After its moment: never.
    expect(numberTurn(evening, evening + 60_000, [LA], DEFAULT_SEND_HOURS)).toBe(null);
  });
});
