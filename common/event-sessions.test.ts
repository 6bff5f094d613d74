import { describe, expect, it } from "vitest";
import {
  firstSession,
  isEventOver,
  lastSessionEnd,
  nextSession,
  sessionsInOrder,
} from "./event-sessions";
import { eventStateAt } from "./event-state";

const session = (start: string, end: string) => ({ start, end });
// Written out of order on purpose: the rule goes by time, never by the order in the content.
const late = session("2025-10-25T12:00:00-07:00", "2025-10-25T15:00:00-07:00");
const early = session("2025-10-11T12:00:00-07:00", "2025-10-11T15:00:00-07:00");
const sessions = [late, early];
const at = (iso: string) => Date.parse(iso);

describe("the one rule for an event's sessions in time", () => {
  it("puts sessions in the order they happen and names the first", () => {
    expect(sessionsInOrder(sessions)).toEqual([early, late]);
    expect(firstSession(sessions)).toBe(early);
    expect(lastSessionEnd(sessions)).toBe(at(late.end));
  });

  it("compares instants, not the written offsets", () => {
    // 19:30 UTC is 12:30 in Los Angeles: it starts after 12:00-07:00 (19:00 UTC).
    const utc = session("2025-10-11T19:30:00Z", "2025-10-11T20:00:00Z");
    expect(sessionsInOrder([utc, early])).toEqual([early, utc]);
  });

  it("takes the session under way as next, from its start to just before its end", () => {
    expect(nextSession(sessions, at("2025-10-01T00:00:00Z"))).toBe(early);
    expect(nextSession(sessions, at(early.start))).toBe(early);
    expect(nextSession(sessions, at(early.end) - 1)).toBe(early);
    expect(nextSession(sessions, at(early.end))).toBe(late);
    expect(nextSession(sessions, at(late.end))).toBeUndefined();
  });

  it("calls an event over only once no session is under way or ahead, as its state does", () => {
    for (const now of [at(early.start) - 1, at(early.end), at(late.start), at(late.end) - 1]) {
      expect(isEventOver(sessions, now)).toBe(false);
      expect(eventStateAt(sessions, now).state).not.toBe("ended");
    }
    expect(isEventOver(sessions, at(late.end))).toBe(true);
    expect(eventStateAt(sessions, at(late.end)).state).toBe("ended");
  });

  it("leaves out sessions whose times are not times, and has nothing for no sessions", () => {
    expect(sessionsInOrder([session("soon", "later"), early])).toEqual([early]);
    expect(firstSession([])).toBeUndefined();
    expect(lastSessionEnd([])).toBeNull();
    expect(isEventOver([], 0)).toBe(true);
  });
});
