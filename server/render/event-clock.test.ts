import { describe, expect, it } from "vitest";
import { seedSnapshot } from "../../common/content/snapshot.js";
import { createEventClock } from "./event-clock.js";

const seed = seedSnapshot();
const withSession = (start: string, end: string) => ({
  ...seed,
  events: [{ ...seed.events[0]!, sessions: [{ ...seed.events[0]!.sessions[0]!, start, end }] }],
});

describe("the render cache's event clock", () => {
  it("changes once at each session's start and end, and not in between", () => {
    const clock = createEventClock(seedSnapshot);
    const snapshot = withSession("2026-12-05T18:00:00-08:00", "2026-12-05T19:00:00-08:00");
    const start = Date.parse("2026-12-06T02:00:00Z");
    const end = Date.parse("2026-12-06T03:00:00Z");
    const before = start - 60_000;
    const first = clock.epochAt(before);
    clock.observe(snapshot, before);
    expect(clock.epochAt(start - 1)).toBe(first);
    const during = clock.epochAt(start);
    expect(during).not.toBe(first);
    clock.observe(snapshot, start);
    expect(clock.epochAt(end - 1)).toBe(during);
    const after = clock.epochAt(end);
    expect(after).not.toBe(during);
    clock.observe(snapshot, end);
    // Ended: nothing changes any more.
    expect(clock.epochAt(end + 86_400_000 * 365)).toBe(after);
  });

  it("keeps the seeded, long-ended event's pages for good", () => {
    const clock = createEventClock(seedSnapshot);
    const now = Date.parse("2026-11-25T10:00:00Z");
    const epoch = clock.epochAt(now);
    clock.observe(undefined, now);
    expect(clock.epochAt(now + 86_400_000 * 365)).toBe(epoch);
  });

  it("ignores a content source that holds no events", () => {
    const clock = createEventClock(seedSnapshot);
    clock.observe({} as never, 0);
    expect(clock.epochAt(1)).toBe(0);
  });
});
