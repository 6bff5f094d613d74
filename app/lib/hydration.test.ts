import { describe, expect, it } from "vitest";
import { hydratedRoute, pageHydrates } from "./hydration";

describe("pageHydrates", () => {
  it("is true when any matched route's handle asks for hydration", () => {
    expect(pageHydrates([{ handle: undefined }, { handle: hydratedRoute }])).toBe(true);
  });

  it("is false for routes without a handle, or with another one", () => {
    expect(pageHydrates([{ handle: undefined }, { handle: undefined }])).toBe(false);
    expect(pageHydrates([{ handle: undefined }, { handle: { hydrate: false } }])).toBe(false);
    expect(pageHydrates([{ handle: { title: "x" } }])).toBe(false);
    expect(pageHydrates([])).toBe(false);
  });
});
