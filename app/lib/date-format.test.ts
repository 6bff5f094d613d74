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

  it("writes the public date exactly as Intl's long US date does, in the reader's zone", () => {
    const intl = new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "long",
      day: "numeric",
    });
    // Every month, the first and last days, around midnight UTC (where the reader's zone moves
    // the day), leap days, and years of one to four digits.
    const times: number[] = [];
    for (let year = 2019; year <= 2031; year++) {
      for (let month = 0; month < 12; month++) {
        for (const day of [1, 15, 28, 29, 31]) {
          for (const hour of [0, 5, 12, 23]) times.push(Date.UTC(year, month, day, hour, 30));
        }
      }
    }
    times.push(Date.UTC(2024, 1, 29, 12), Date.UTC(999, 5, 1, 12), Date.UTC(9999, 11, 31, 23));
    for (const time of times) {
      const iso = new Date(time).toISOString();
      expect(formatLongDate(iso), iso).toBe(intl.format(new Date(time)));
    }
  });

  it("shows text that is not a time as it came", () => {
    expect(formatLongDate("not a date")).toBe("not a date");
    expect(formatStaffTime("")).toBe("");
  });
});
