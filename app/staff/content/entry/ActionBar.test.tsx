// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AboutContent } from "#common/content/about";
import { LABEL, liveRegion, openAbout } from "../test-render";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const bar = () => screen.getByRole("region", { name: "Save and publish" });

describe("the editor's action bar", () => {
  it("holds the state, the four actions and the outcome, announced", async () => {
    const { user } = await openAbout();
    expect(within(bar()).getByText("Published")).toBeTruthy();
    for (const name of ["Save draft", "Publish now"]) {
      expect(within(bar()).getByRole("button", { name })).toBeTruthy();
    }
    expect(within(bar()).getByRole("link", { name: /Preview/ })).toBeTruthy();
    // Nothing to discard yet: no draft, no unsaved change.
    expect(within(bar()).queryByRole("button", { name: "Discard draft" })).toBeNull();

    const heading = screen.getAllByLabelText("Heading", LABEL)[0]!;
    await user.type(heading, " again");
    expect(within(bar()).getByText(/unsaved changes/)).toBeTruthy();
    // Save draft in the bar submits the form it sits outside of.
    await user.click(within(bar()).getByRole("button", { name: "Save draft" }));
    await within(bar()).findByText(/Draft saved/);
    expect(within(bar()).getByText("Draft changes")).toBeTruthy();
    await waitFor(() => expect(liveRegion().textContent).toMatch(/Draft saved/));
  });

  it("Discard draft goes back to the published version after confirming", async () => {
    const { user, fake } = await openAbout();
    const published = (fake.entries.get("about")![0]!.data as AboutContent).heading;
    const heading = screen.getAllByLabelText("Heading", LABEL)[0]! as HTMLInputElement;
    await user.clear(heading);
    await user.type(heading, "A draft heading");
    await user.click(within(bar()).getByRole("button", { name: "Save draft" }));
    await within(bar()).findByText(/Draft saved/);

    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false);
    await user.click(within(bar()).getByRole("button", { name: "Discard draft" }));
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/Discard the draft/));
    expect(fake.calls.some((call) => call.path.endsWith("/draft/discard"))).toBe(false);

    vi.spyOn(window, "confirm").mockReturnValueOnce(true);
    await user.click(within(bar()).getByRole("button", { name: "Discard draft" }));
    await within(bar()).findByText(/Draft discarded/);
    expect(fake.calls.at(-1)).toMatchObject({
      method: "POST",
      path: "/api/content/about/about-1/draft/discard",
      body: { version: 2 },
    });
    expect(heading.value).toBe(published);
    expect(within(bar()).getByText("Published")).toBeTruthy();
    expect(within(bar()).queryByRole("button", { name: "Discard draft" })).toBeNull();
    await waitFor(() => expect(liveRegion().textContent).toMatch(/Draft discarded/));
  });

  it("Discard draft with only unsaved changes resets the form without calling the server", async () => {
    const { user, fake } = await openAbout();
    const heading = screen.getAllByLabelText("Heading", LABEL)[0]! as HTMLInputElement;
    const before = heading.value;
    await user.type(heading, " typed");
    vi.spyOn(window, "confirm").mockReturnValueOnce(true);
    await user.click(within(bar()).getByRole("button", { name: "Discard draft" }));
    await within(bar()).findByText(/Draft discarded/);
    expect(heading.value).toBe(before);
    expect(fake.calls.some((call) => call.path.endsWith("/draft/discard"))).toBe(false);
  });
});
