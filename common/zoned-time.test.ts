import { describe, expect, it } from "vitest";
import {
  clockTime,
  dayIn,
  isoAt,
  longDate,
  monthName,
  offsetMinutes,
  wallClockOf,
  weekdayName,
  yearIn,
  zonedParts,
  zonedPartsOf,
} from "./zoned-time";

const LA = "America/Los_Angeles";

describe("wall-clock times in a time zone", () => {
  it("gives summer and winter dates their own offset (daylight saving decided by the code)", () => {
    expect(isoAt({ date: "2025-10-11", time: "12:00" }, LA)).toBe("2025-10-11T12:00:00-07:00");
    expect(isoAt({ date: "2025-11-15", time: "12:00" }, LA)).toBe("2025-11-15T12:00:00-08:00");
    expect(isoAt({ date: "2026-07-01", time: "09:30" }, "Europe/Berlin")).toBe(
      "2026-07-01T09:30:00+02:00",
    );
    expect(isoAt({ date: "2026-01-01", time: "00:00" }, "UTC")).toBe("2026-01-01T00:00:00+00:00");
  });

  it("round-trips a session across the autumn change, the day before and the day after", () => {
    // 2025-11-02 02:00 PDT -> 01:00 PST.
    for (const [date, offset] of [
      ["2025-11-01", "-07:00"],
      ["2025-11-03", "-08:00"],
    ] as const) {
      const iso = isoAt({ date, time: "14:00" }, LA)!;
      expect(iso).toBe(`${date}T14:00:00${offset}`);
      expect(wallClockOf(iso, LA)).toEqual({ date, time: "14:00" });
    }
    // The repeated hour is read as its first occurrence (still daylight time).
    expect(isoAt({ date: "2025-11-02", time: "01:30" }, LA)).toBe("2025-11-02T01:30:00-07:00");
    // A time stored with the other offset shows the wall clock of its instant.
    expect(wallClockOf("2025-11-03T14:00:00-07:00", LA)).toEqual({
      date: "2025-11-03",
      time: "13:00",
    });
  });

  it("reads a time skipped in spring with the offset before it", () => {
    // 2026-03-08 02:00 PST -> 03:00 PDT: 02:30 does not exist.
    const iso = isoAt({ date: "2026-03-08", time: "02:30" }, LA)!;
    expect(iso).toBe("2026-03-08T02:30:00-08:00");
    expect(wallClockOf(iso, LA)).toEqual({ date: "2026-03-08", time: "03:30" });
    expect(offsetMinutes(LA, Date.parse("2026-03-08T12:00:00Z"))).toBe(-420);
  });

  it("refuses what is not a date or a time", () => {
    expect(isoAt({ date: "2025-02-30", time: "10:00" }, LA)).toBeNull();
    expect(isoAt({ date: "", time: "10:00" }, LA)).toBeNull();
    expect(isoAt({ date: "2025-02-01", time: "25:00" }, LA)).toBeNull();
    expect(wallClockOf("soon", LA)).toBeNull();
  });
});

describe("the parts and words of an instant in a zone", () => {
  const instant = Date.parse("2025-10-11T19:05:09Z");

  it("reads the zone's clock: date, 24-hour time, seconds and weekday", () => {
    expect(zonedParts(instant, LA)).toEqual({
      year: 2025,
      month: 10,
      day: 11,
      hour: 12,
      minute: 5,
      second: 9,
      weekday: 6,
    });
    // Already Sunday in Auckland (UTC+13 in October).
    expect(zonedParts(instant, "Pacific/Auckland")).toMatchObject({ day: 12, hour: 8, weekday: 0 });
    expect(zonedParts(Date.parse("2025-10-11T07:00:00Z"), LA)).toMatchObject({ hour: 0 });
  });

  it("gives the day and the year there", () => {
    expect(dayIn(Date.parse("2027-01-01T07:59:59Z"), LA)).toBe("2026-12-31");
    expect(dayIn(Date.parse("2027-01-01T08:00:00Z"), LA)).toBe("2027-01-01");
    expect(yearIn(Date.parse("2027-01-01T07:59:59Z"), LA)).toBe(2026);
  });

  it("writes the long date and the 12-hour time", () => {
    const parts = zonedParts(instant, LA);
    expect(longDate(parts)).toBe("Saturday, October 11, 2025");
    expect(monthName(parts)).toBe("October");
    expect(weekdayName(parts)).toBe("Saturday");
    expect(clockTime(parts)).toEqual({ time: "12:05", period: "PM" });
    expect(clockTime({ hour: 0, minute: 0 })).toEqual({ time: "12:00", period: "AM" });
    expect(clockTime({ hour: 23, minute: 59 })).toEqual({ time: "11:59", period: "PM" });
  });

  it("agrees with Intl's own English words for every day of a leap year", () => {
    const words = new Intl.DateTimeFormat("en-US", {
      timeZone: "Asia/Kolkata",
      weekday: "long",
      year: "numeric",
      month: "long",
      day: "numeric",
    });
    for (let day = 0; day < 366; day += 1) {
      const at = Date.UTC(2028, 0, 1, 20) + day * 86_400_000;
      expect(longDate(zonedParts(at, "Asia/Kolkata"))).toBe(words.format(at));
    }
  });

  it("has no parts for what is not a time or a zone, rather than throwing", () => {
    expect(zonedPartsOf("soon", LA)).toBeNull();
    expect(zonedPartsOf("2025-10-11T12:00:00-07:00", "Not/AZone")).toBeNull();
    expect(() => zonedParts(instant, "Not/AZone")).toThrow(RangeError);
  });
});
