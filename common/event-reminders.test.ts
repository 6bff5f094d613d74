import { describe, expect, it } from "vitest";
import {
  fillPlaceholders,
  hasPlaceholders,
  longestReminder,
  PLACEHOLDER_LIST,
  unknownPlaceholders,
} from "./event-reminders.js";

const FRIDAY = { day: "Friday, December 4, 2026", time: "6:00-8:00 PM", place: "Cedar Hall" };
const SATURDAY = { day: "Saturday morning", time: "10:00 AM-12:00 PM", place: "Cedar Hall" };

describe("reminder placeholders", () => {
  it("fills {day}, {time} and {place}, each time they appear, and leaves the rest as written", () => {
    expect(fillPlaceholders("{day} {time} at {place}; {day} again.", FRIDAY)).toBe(
      "Friday, December 4, 2026 6:00-8:00 PM at Cedar Hall; Friday, December 4, 2026 again.",
    );
    expect(fillPlaceholders("No placeholder", FRIDAY)).toBe("No placeholder");
    expect(fillPlaceholders("{venue} {day}", FRIDAY)).toBe("{venue} Friday, December 4, 2026");
    expect(PLACEHOLDER_LIST).toBe("{day}, {time} or {place}");
  });

  it("names every brace pair that is no placeholder, once each", () => {
    expect(unknownPlaceholders("See you {day} at {place}")).toEqual([]);
    expect(unknownPlaceholders("{Day} {venue} {venue} { day } {}")).toEqual([
      "{Day}",
      "{venue}",
      "{ day }",
      "{}",
    ]);
    expect(unknownPlaceholders("a } then a { left open")).toEqual([]);
    expect(hasPlaceholders("{venue}")).toBe(false);
    expect(hasPlaceholders("on {time}")).toBe(true);
  });

  it("counts the words for the session they come out longest for", () => {
    const body = "River Walk {day}";
    const longest = longestReminder(body, "Commons", [SATURDAY, FRIDAY]);
    expect(longest.values).toBe(FRIDAY);
    expect(longest.arrives).toBe(
      "Commons: River Walk Friday, December 4, 2026 Reply STOP to opt out",
    );
    expect(longest.counted.characters).toBe(longest.arrives.length);
    // No placeholder, or no session: counted as written.
    expect(longestReminder("Hello", "Commons", [FRIDAY]).values).toBeNull();
    expect(longestReminder(body, "Commons", []).arrives).toBe(
      "Commons: River Walk {day} Reply STOP to opt out",
    );
    // Segments decide before characters: a UCS-2 day makes a short text longer.
    const ucs = { ...SATURDAY, day: "Sábado ☀" };
    expect(longestReminder(`${"x".repeat(60)} {day}`, "Commons", [FRIDAY, ucs]).values).toBe(ucs);
  });
});
