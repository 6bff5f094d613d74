// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CONTENT_COLLECTIONS } from "#common/content/registry";
import { installFakeContentApi } from "./test-fake-api";
import { LABEL, renderContent } from "./test-render";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the content overview", () => {
  it("lists every collection with links and what is published, drafted and scheduled", async () => {
    const fake = installFakeContentApi();
    const courses = fake.entries.get("courses")!;
    courses[0]!.draft = { data: courses[0]!.data };
    courses[1]!.draft = { data: courses[1]!.data };
    courses[1]!.publish_at = "2030-01-01T10:00:00.000Z";
    renderContent("/admin/content");
    const table = await screen.findByRole("table", { name: "Content collections" });
    const row = within(table).getByRole("row", { name: /Courses/ });
    const cells = within(row)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells).toEqual([`List of ${courses.length} entries`, String(courses.length), "1", "1"]);
    // A header row, then one per collection.
    expect(within(table).getAllByRole("row")).toHaveLength(CONTENT_COLLECTIONS.length + 1);
    expect(within(table).getByRole("link", { name: "About page" }).getAttribute("href")).toBe(
      "/admin/content/about",
    );
    expect(screen.getByRole("link", { name: "Content" }).getAttribute("aria-current")).toBe("page");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says loudly which published entries the site cannot read, linking to each", async () => {
    const fake = installFakeContentApi();
    fake.problems = [
      { collection: "team", id: "team-2", message: "name: Required", keptLastValid: true },
      { collection: "home", id: "home-1", message: "hero: Required", keptLastValid: false },
    ];
    renderContent("/admin/content");
    const alert = await screen.findByRole("alert", {
      name: "Content this version of the site cannot read",
    });
    const items = within(alert).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining("name: Required. The public pages show its last version"),
      expect.stringContaining("hero: Required. It is left out of the public pages"),
    ]);
    expect(within(alert).getByRole("link", { name: "Team" }).getAttribute("href")).toBe(
      "/admin/content/team/team-2",
    );
    expect(within(alert).getByRole("link", { name: "Home page" }).getAttribute("href")).toBe(
      "/admin/content/home",
    );
  });
});

describe("a list collection", () => {
  it("lists entries, reorders by keyboard, deletes after confirming, and creates a new entry", async () => {
    const fake = installFakeContentApi();
    const { user, router } = renderContent("/admin/content/courses");
    const table = await screen.findByRole("table", { name: /Entries/ });
    const titles = () =>
      within(table)
        .getAllByRole("rowheader")
        .map((cell) => cell.textContent);
    const before = titles();
    // Each course says which services page lists it, in staff's words.
    expect(within(table).getByRole("columnheader", { name: "Shown on" })).toBeTruthy();
    const shown = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => within(row).getAllByRole("cell")[0]!.textContent);
    expect(new Set(shown)).toEqual(new Set(["Desktop page", "Mobile page"]));
    const down = within(table).getByRole("button", { name: `Move down: ${before[0]}` });
    down.focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(titles()).toEqual([before[1], before[0], ...before.slice(2)]));
    expect(document.activeElement?.textContent).toBe(`Move down: ${before[0]}`);
    expect(fake.calls.at(-1)).toMatchObject({ method: "PUT", path: "/api/content/courses/order" });

    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(true);
    await user.click(within(table).getByRole("button", { name: `Delete: ${before[2]}` }));
    await waitFor(() =>
      expect(within(table).getByText("Deleted (off the public site)")).toBeTruthy(),
    );

    await user.click(screen.getByRole("link", { name: "New course" }));
    await screen.findByRole("heading", { level: 2, name: "Courses: new course" });
    const shownOn = screen.getByLabelText("Shown on", LABEL) as HTMLSelectElement;
    expect(shownOn.value).toBe("desktop");
    expect([...shownOn.options].map((option) => option.textContent)).toEqual([
      "Desktop page",
      "Mobile page",
      "Both",
    ]);
    await user.type(screen.getByLabelText("Course number", LABEL), "77");
    await user.type(screen.getByLabelText("Title", LABEL), "A new course");
    await user.type(screen.getByLabelText("Description", LABEL), "What it teaches.");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await screen.findByRole("heading", { level: 2, name: "Courses: A new course" });
    await screen.findByText(/Draft saved/, { selector: "p" });
    // Moving to the new entry's own address is not leaving with unsaved changes.
    expect(confirm).toHaveBeenCalledTimes(1);
    const post = fake.calls.find((call) => call.method === "POST")!;
    expect(post.body).toEqual({
      data: { id: 77, title: "A new course", description: "What it teaches.", variant: "desktop" },
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(/^\/admin\/content\/courses\/courses-\d+$/),
    );
  });

  it("duplicates an entry into a new draft with a fresh number or address name", async () => {
    const fake = installFakeContentApi();
    const { user, router } = renderContent("/admin/content/events");
    const table = await screen.findByRole("table");
    const [event] = fake.entries.get("events")!;
    const name = (event!.data as { title: string }).title;
    expect(screen.getByRole("link", { name: "New event" })).toBeTruthy();
    await user.click(within(table).getByRole("button", { name: `Duplicate: ${name}` }));
    await screen.findByText(/^Copied Currents of Care into a new draft/, { selector: "p" });
    const post = fake.calls.find((call) => call.method === "POST")!;
    expect(post.path).toBe("/api/content/events");
    const copy = (post.body as { data: Record<string, unknown> }).data;
    expect(copy).toEqual({ ...(event!.data as object), slug: "currents-of-care-copy" });
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(/^\/admin\/content\/events\/events-\d+$/),
    );
  });
});

describe("duplicateData", () => {
  it("makes a course number and an address name that no other entry has", async () => {
    const { duplicateData, freshSlug } = await import("./entry/duplicate");
    const { collectionDefinition } = await import("#common/content/registry");
    const courses = collectionDefinition("courses");
    const course = { id: 8, title: "A", description: "B", variant: "desktop" };
    expect(duplicateData(courses, course, [course, { id: 15 }])).toEqual({ ...course, id: 16 });
    expect(freshSlug("spring", new Set(["spring", "spring-copy"]))).toBe("spring-copy-2");
    expect(freshSlug("spring-copy-2", new Set(["spring-copy"]))).toBe("spring-copy-2");
    expect(freshSlug("x".repeat(60), new Set()).length).toBe(60);
  });
});
