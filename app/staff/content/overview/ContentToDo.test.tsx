// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeContentApi } from "../test-fake-api";
import { renderContent } from "../test-render";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the staff home's content work", () => {
  it("lists drafts and scheduled changes, scheduled first with their time, each a link to its editor", async () => {
    const fake = installFakeContentApi();
    const [about] = fake.entries.get("about")!;
    about!.draft = { data: about!.data };
    about!.updated_at = "2026-11-24T10:00:00.000Z";
    const [course] = fake.entries.get("courses")!;
    course!.draft = { data: course!.data };
    course!.publish_at = "2026-12-01T08:30:00.000Z";

    const { user, router } = renderContent("/admin");
    const section = await screen.findByRole("region", { name: "Drafts and scheduled changes" });
    const items = within(section).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toMatch(/^Courses: .+: scheduled for /);
    expect(within(items[0]!).getByRole("link").getAttribute("href")).toBe(
      `/admin/content/courses/${course!.id}`,
    );
    expect(items[0]!.querySelector("time")!.getAttribute("dateTime")).toBe(course!.publish_at);
    expect(items[1]!.textContent).toMatch(/^About page: draft saved /);

    await user.click(within(items[1]!).getByRole("link", { name: "About page" }));
    expect(router.state.location.pathname).toBe("/admin/content/about");
  });

  it("says so when everything saved is published", async () => {
    installFakeContentApi();
    renderContent("/admin");
    const section = await screen.findByRole("region", { name: "Drafts and scheduled changes" });
    expect(section.textContent).toContain("No drafts or scheduled changes");
  });
});
