import type { ContentSnapshot } from "../../common/content/snapshot.js";
import { nextEventsBoundary } from "../../common/event-state.js";

/**
 * The time part of the render cache's key (docs/decisions/027): it changes once the next moment
 * an event changes state (a session starts or ends) has passed, so every cached page is rendered
 * again at the first request after it, on every instance, with no publish. Each instance keeps
 * its own and reads its own clock: no message between instances is needed.
 */
export interface EventClock {
  /** The key part for a request at `now` (ms since the epoch). */
  epochAt(now: number): number;
  /** Notes the next boundary of the content a page was rendered from at `now`. */
  observe(snapshot: ContentSnapshot | undefined, now: number): void;
}

export function createEventClock(seed: () => ContentSnapshot): EventClock {
  let epoch = 0;
  /** The soonest boundary seen and not yet passed; null: none known. */
  let next: number | null = null;
  return {
    epochAt(now) {
      if (next !== null && now >= next) {
        epoch += 1;
        next = null;
      }
      return epoch;
    },
    observe(snapshot, now) {
      // A test's content source may hold something else than a snapshot: no events then.
      const events: unknown = (snapshot ?? seed()).events;
      if (!Array.isArray(events)) return;
      const boundary = nextEventsBoundary(events, now);
      if (boundary !== null && (next === null || boundary < next)) next = boundary;
    },
  };
}
