import { describe, expect, it } from "vitest";
import { isoAt, offsetMinutes, wallClockOf } from "./zoned-time";

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
