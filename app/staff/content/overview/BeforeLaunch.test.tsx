// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CollectionDefinition } from "../../../../common/content/collections";
import { collectionDefinition } from "../../../../common/content/registry";
import { findPlaceholders, seededPlaceholderCount } from "./placeholders";
import { CONTENT_COLLECTIONS } from "../../../../common/content/registry";
import { installFakeContentApi } from "../test-fake-api";
import { renderContent } from "../test-render";

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

  it("groups by where they are, counts what is done with a progress bar, and folds away (remembered)", async () => {
    const fake = installFakeContentApi();
    const total = seededPlaceholderCount(CONTENT_COLLECTIONS);
    const [event] = fake.entries.get("events")!;
    const data = structuredClone(event!.data) as { location: { name: string } };
    data.location.name = "The real venue";
    event!.draft = { data };
    const { user } = renderContent("/admin");
    const section = await screen.findByRole("region", { name: "Before launch" });
    expect(within(section).getByText(`1 of ${total} done`)).toBeTruthy();
    const bar = within(section).getByRole("progressbar", {
      name: `Before launch 1 of ${total} done`,
    });
    expect(bar.getAttribute("value")).toBe("1");
    expect(bar.getAttribute("max")).toBe(String(total));
    // One line per group, its name opening the editor at its first field.
    const events = within(section).getByRole("link", { name: "Events" });
    expect(events.getAttribute("href")).toMatch(/^\/admin\/content\/events\/events-1#field-/);
    expect(events.parentElement!.textContent).toMatch(/^Events: \d+ to replace/);
    // Each group's fields fold under it.
    expect(section.querySelectorAll("details").length).toBeGreaterThan(3);

    // Drafts and messages come first.
    const regions = screen
      .getAllByRole("region")
      .map((region) => region.getAttribute("aria-labelledby"));
    expect(regions.indexOf("before-launch")).toBe(regions.length - 1);

    const fold = within(section).getByRole("button", { name: "Fold the list away" });
    expect(fold.getAttribute("aria-expanded")).toBe("true");
    await user.click(fold);
    expect(within(section).queryByRole("link", { name: "Events" })).toBeNull();
    expect(window.localStorage.getItem("staff-home:before-launch-folded")).toBe("true");
    const show = within(section).getByRole("button", { name: "Show the list" });
    expect(show.getAttribute("aria-expanded")).toBe("false");
    await user.click(show);
    expect(window.localStorage.getItem("staff-home:before-launch-folded")).toBeNull();
  });
});
