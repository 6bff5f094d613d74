import { describe, expect, it } from "vitest";
import { factorRequirement } from "./factor-policy.js";

const DAY = 24 * 60 * 60 * 1000;
const start = Date.parse("2026-01-01T00:00:00.000Z");
const base = { graceFrom: "2026-01-01T00:00:00.000Z", everyoneSince: null, enrolled: false };

describe("the second-factor grace rule", () => {
  it("gives owners and administrators 14 days, then holds them to enrolment", () => {
    for (const role of ["owner", "administrator"]) {
      const during = factorRequirement({ ...base, role, now: start + 14 * DAY - 1 });
      expect(during).toEqual({
        required: true,
        enrolled: false,
        dueAt: "2026-01-15T00:00:00.000Z",
        overdue: false,
      });
      expect(factorRequirement({ ...base, role, now: start + 14 * DAY }).overdue).toBe(true);
      expect(
        factorRequirement({ ...base, role, enrolled: true, now: start + 30 * DAY }).overdue,
      ).toBe(false);
    }
  });

  it("asks nothing of editors and contributors unless the owner requires it of everyone", () => {
    for (const role of ["editor", "contributor"]) {
      expect(factorRequirement({ ...base, role, now: start + 99 * DAY })).toEqual({
        required: false,
        enrolled: false,
        dueAt: null,
        overdue: false,
      });
      // Switched on later than the account's creation: the grace runs from the switch.
      const everyone = { ...base, role, everyoneSince: "2026-02-01T00:00:00.000Z" };
      const switched = Date.parse(everyone.everyoneSince);
      expect(factorRequirement({ ...everyone, now: switched + 13 * DAY }).overdue).toBe(false);
      expect(factorRequirement({ ...everyone, now: switched + 14 * DAY }).overdue).toBe(true);
    }
  });
});
