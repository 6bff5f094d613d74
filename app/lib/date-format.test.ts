import { describe, expect, it } from "vitest";
import { formatLongDate, formatStaffTime } from "./date-format";

// Midday UTC falls on the same calendar day in every time zone from UTC-11 to UTC+11.
const NOON = "2025-10-11T12:00:00.000Z";

describe("date formats", () => {
  it("writes the public date in full", () => {
    expect(formatLongDate(NOON)).toBe("October 11, 2025");
  });

  it("writes the staff time as a short date and time of day", () => {
    expect(formatStaffTime(NOON)).toMatch(/^Oct 11, 2025, \d{1,2}:\d{2}\s?[AP]M$/);
  });

  it("shows text that is not a time as it came", () => {
    expect(formatLongDate("not a date")).toBe("not a date");
    expect(formatStaffTime("")).toBe("");
  });
});
