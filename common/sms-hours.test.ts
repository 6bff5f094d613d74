import { describe, expect, it } from "vitest";
import {
  areaCodeZone,
  DEFAULT_SEND_HOURS,
  lastAllowedBefore,
  nextAllowedAt,
  withinSendHours,
  zonesFor,
} from "./sms-hours.js";

const LA = "America/Los_Angeles";
const at = (iso: string) => Date.parse(iso);

describe("sending hours", () => {
  it("reads a US area code's zone; unlisted codes are Eastern, other countries none", () => {
    expect(areaCodeZone("+12065550100")).toBe(LA);
    expect(areaCodeZone("+13125550100")).toBe("America/Chicago");
    expect(areaCodeZone("+18085550100")).toBe("Pacific/Honolulu");
    expect(areaCodeZone("+12125550100")).toBe("America/New_York");
    expect(areaCodeZone("+442071234567")).toBeNull();
    expect(zonesFor("+12065550100", LA)).toEqual([LA]);
    expect(zonesFor("+12125550100", LA)).toEqual([LA, "America/New_York"]);
  });

  it("holds a text due at night until 09:00 in the site's zone", () => {
    // 22:30 in Los Angeles (PST, -08:00) on 1 December.
    const night = at("2026-12-02T06:30:00Z");
    expect(withinSendHours(night, [LA], DEFAULT_SEND_HOURS)).toBe(false);
    expect(new Date(nextAllowedAt(night, [LA], DEFAULT_SEND_HOURS)!).toISOString()).toBe(
      "2026-12-02T17:00:00.000Z",
    );
    const noon = at("2026-12-02T20:00:00Z");
    expect(nextAllowedAt(noon, [LA], DEFAULT_SEND_HOURS)).toBe(noon);
  });

  it("a New York number waits for 09:00 there and stops at 20:00 there", () => {
    const zones = zonesFor("+12125550100", LA);
    // 08:00 in Los Angeles is 11:00 in New York: allowed in neither until 09:00 LA.
    expect(
      new Date(nextAllowedAt(at("2026-12-02T16:00:00Z"), zones, DEFAULT_SEND_HOURS)!).toISOString(),
    ).toBe("2026-12-02T17:00:00.000Z");
    // 17:30 in Los Angeles is 20:30 in New York: the next morning, 09:00 in Los Angeles.
    expect(
      new Date(nextAllowedAt(at("2026-12-03T01:30:00Z"), zones, DEFAULT_SEND_HOURS)!).toISOString(),
    ).toBe("2026-12-03T17:00:00.000Z");
  });

  it("never finds a minute when the windows cannot meet", () => {
    const narrow = { from: "09:00", to: "10:00" };
    expect(
      nextAllowedAt(at("2026-12-02T06:30:00Z"), ["Pacific/Honolulu", "America/New_York"], narrow),
    ).toBeNull();
  });

  it("a reminder due outside the hours goes at the last allowed minute before", () => {
    // 07:00 in Los Angeles: the last allowed minute is 19:59 the evening before.
    expect(
      new Date(
        lastAllowedBefore(at("2026-12-02T15:00:00Z"), [LA], DEFAULT_SEND_HOURS)!,
      ).toISOString(),
    ).toBe("2026-12-02T03:59:00.000Z");
    const inside = at("2026-12-02T20:00:00Z");
    expect(lastAllowedBefore(inside, [LA], DEFAULT_SEND_HOURS)).toBe(inside);
  });
});
