import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { seedSnapshot } from "#common/content/snapshot";
import { contentContext } from "./context";
import { loadContent } from "./load.server";
import { contentFromMatches } from "./use-content";

describe("loadContent", () => {
  it("returns the snapshot the server put into the router context", () => {
    const published = { ...seedSnapshot(), team: [] };
    const context = new RouterContextProvider();
    context.set(contentContext, published);
    expect(loadContent(context)).toBe(published);
  });

  it("falls back to the seed when nobody set one (the build's render check)", () => {
    expect(loadContent(new RouterContextProvider())).toEqual(seedSnapshot());
    expect(loadContent(undefined)).toEqual(seedSnapshot());
  });
});

describe("contentFromMatches", () => {
  it("takes a slice from the deepest route that loaded it", () => {
    const matches = [
      { loaderData: { contact: { heading: "Root" } } },
      undefined,
      { loaderData: { contact: { heading: "Page" } } },
    ];
    expect(contentFromMatches(matches, "contact")).toEqual({ heading: "Page" });
  });

  it("throws when no matched route loaded the slice", () => {
    expect(() => contentFromMatches([{ loaderData: {} }, { loaderData: null }], "sms")).toThrow(
      'No matched route loaded the "sms" content',
    );
  });
});
