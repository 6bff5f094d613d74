import { describe, expect, it } from "vitest";
import { createFeaturedCache } from "./featured-cache";

describe("createFeaturedCache", () => {
  it("makes a list's compressed answer once, on its first request, and anew for a new list", () => {
    let now = 0;
    const cache = createFeaturedCache(5_000, () => now);
    const list = Array.from({ length: 30 }, (_, i) => ({ title: `An update with a title ${i}` }));
    const cached = cache.set(5, list);
    const answer = cached.answer();
    expect(answer.br).toBeDefined();
    expect(cache.get(5)!.answer()).toBe(answer);
    now = 5_000;
    expect(cache.get(5)).toBeUndefined();
    expect(cache.set(5, list).answer()).not.toBe(answer);
  });
});
