// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CollectionDefinition } from "../../../common/content/collections";
import { collectionDefinition } from "../../../common/content/registry";
import { findPlaceholders } from "./placeholders";
import { installFakeContentApi } from "./test-fake-api";
import { renderContent } from "./test-render";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Before launch", () => {
  it("lists every seeded value marked placeholder, each a link to its field, and shrinks as they are fixed", async () => {
    const fake = installFakeContentApi();
    const events = collectionDefinition("events") as CollectionDefinition;
    const seeded = findPlaceholders(events, fake.entries.get("events")!);
    expect(seeded.length).toBeGreaterThan(0);
    const place = seeded.find((placeholder) => /Location › Place$/.test(placeholder.label))!;
    expect(place.href).toMatch(/^\/admin\/content\/events\/events-1#field-location-name$/);

    // Staff replace the place's name (in a draft): it leaves the list.
    const [event] = fake.entries.get("events")!;
    const data = structuredClone(event!.data) as { location: { name: string } };
    data.location.name = "The real venue";
    event!.draft = { data };
    const after = findPlaceholders(events, fake.entries.get("events")!);
    expect(after.length).toBe(seeded.length - 1);
    expect(after.some((placeholder) => placeholder.href === place.href)).toBe(false);

    renderContent("/admin");
    const section = await screen.findByRole("region", { name: "Before launch" });
    const links = within(section).getAllByRole("link");
    expect(links.length).toBeGreaterThan(after.length - 1);
    expect(links.every((link) => /#field-/.test(link.getAttribute("href")!))).toBe(true);
    expect(within(section).queryByText(/Location › Place$/)).toBeNull();
  });

  it("is gone when no placeholder remains", async () => {
    const fake = installFakeContentApi();
    for (const [name, entries] of fake.entries) {
      const definition = collectionDefinition(name) as CollectionDefinition;
      // A content with every placeholder replaced: none matches its seed any more.
      if (findPlaceholders(definition, entries).length > 0) fake.entries.set(name, []);
    }
    renderContent("/admin");
    await screen.findByRole("region", { name: "Drafts and scheduled changes" });
    expect(screen.queryByRole("region", { name: "Before launch" })).toBeNull();
  });
});
