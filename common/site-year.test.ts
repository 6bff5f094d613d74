import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_TIME_ZONE } from "./site-year.js";
import { yearIn } from "./zoned-time.js";

describe("the year in the site's time zone", () => {
  it("turns at midnight of 1 January there, not in UTC", () => {
    // 2027-01-01 07:59:59 UTC is still New Year's Eve 23:59:59 in Los Angeles (UTC-8).
    expect(yearIn(Date.parse("2027-01-01T07:59:59.999Z"), DEFAULT_SITE_TIME_ZONE)).toBe(2026);
    expect(yearIn(Date.parse("2027-01-01T08:00:00.000Z"), DEFAULT_SITE_TIME_ZONE)).toBe(2027);
    // East of UTC the year comes earlier.
    expect(yearIn(Date.parse("2026-12-31T15:00:00.000Z"), "Pacific/Auckland")).toBe(2027);
    expect(yearIn(Date.parse("2026-12-31T15:00:00.000Z"), "UTC")).toBe(2026);
  });
});
