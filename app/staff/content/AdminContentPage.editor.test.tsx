// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "~/lib/test-fetch";
import type { AboutContent } from "#common/content/about";
import { LABEL, liveRegion, openAbout } from "./test-render";
import { EDITOR_TEXT } from "./messages";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the editor generated from a schema", () => {
  it("shows labels, help, required marks, groups with legends and live character counts", async () => {
    const { user } = await openAbout();
    const heading = screen.getAllByLabelText("Heading", LABEL)[0] as HTMLInputElement;
    expect(heading.getAttribute("aria-required")).toBe("true");
    const count = document.getElementById(`${heading.id}-count`)!;
    expect(heading.getAttribute("aria-describedby")).toContain(count.id);
    expect(count.textContent).toBe(`${heading.value.length} of 120 characters`);
    await user.clear(heading);
    await user.paste("x".repeat(125));
    expect(count.textContent).toBe("125 of 120 characters (5 too many)");

    const mission = screen.getByRole("group", { name: "Mission" });
    expect(within(mission).getByLabelText("Anchor name", LABEL)).toBeTruthy();
    expect(
      within(mission).getByText(
        "Names the section in the page; keep it unless you rename the section.",
      ),
    ).toBeTruthy();
    // Multi-line text is a textarea; a web address a URL input; an optional field says so.
    expect(within(mission).getByLabelText("Paragraph 1", LABEL).tagName).toBe("TEXTAREA");
    const links = screen.getByRole("group", { name: /Learn more links/ });
    expect(within(links).getAllByLabelText("Web address", LABEL)[0]!.getAttribute("type")).toBe(
      "url",
    );
    expect(within(links).getAllByText("(optional)").length).toBeGreaterThan(0);
  });

  it("adds, removes and reorders list items by keyboard, keeping focus and announcing", async () => {
    const { user } = await openAbout();
    const taglines = screen.getByRole("group", { name: "Taglines" });
    const values = () =>
      within(taglines)
        .getAllByRole("textbox")
        .map((input) => (input as HTMLInputElement).value);
    const before = values();
    expect(before.length).toBeGreaterThan(1);

    const down = within(taglines).getByRole("button", { name: "Move down: Tagline 1" });
    down.focus();
    await user.keyboard("{Enter}");
    expect(values()).toEqual([before[1], before[0], ...before.slice(2)]);
    // Focus stays on the moved item's control, now item 2.
    expect(document.activeElement?.textContent).toBe("Move down: Tagline 2");
    await waitFor(() =>
      expect(liveRegion().textContent).toBe(
        "Tagline moved from position 1 to 2 of " + before.length + ".",
      ),
    );

    await user.keyboard("{Shift>}{Tab}{/Shift}");
    expect(document.activeElement?.textContent).toBe("Move up: Tagline 2");
    await user.keyboard("{Enter}");
    expect(values()).toEqual(before);
    // Now first: Move up is disabled, so focus goes to its Move down.
    expect(document.activeElement?.textContent).toBe("Move down: Tagline 1");

    const add = within(taglines).getByRole("button", { name: "Add tagline" });
    add.focus();
    await user.keyboard("{Enter}");
    expect(values()).toEqual([...before, ""]);
    expect(document.activeElement).toBe(
      within(taglines).getByLabelText(`Tagline ${before.length + 1}`, LABEL),
    );
    await user.keyboard("New words");
    within(taglines)
      .getByRole("button", { name: `Remove: Tagline ${before.length + 1}` })
      .focus();
    await user.keyboard("{Enter}");
    expect(values()).toEqual(before);
    await waitFor(() => expect(liveRegion().textContent).toContain("removed"));
  });

  it("saves a draft with the version it loaded, and publishes it", async () => {
    const { user, fake } = await openAbout();
    const heading = screen.getAllByLabelText("Heading", LABEL)[0]!;
    await user.clear(heading);
    await user.type(heading, "A new heading");
    expect(screen.getByText(/unsaved changes/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await screen.findByText(/Draft saved/, { selector: "p" });
    const put = fake.calls.find((call) => call.method === "PUT")!;
    expect(put.path).toBe("/api/content/about/about-1");
    expect(put.body).toMatchObject({ version: 1, data: { heading: "A new heading" } });
    expect(screen.getByText("Draft changes")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Publish now" }));
    await screen.findByText(/Published. The public site shows it now/, { selector: "p" });
    expect(fake.calls.at(-1)).toMatchObject({
      method: "POST",
      path: "/api/content/about/about-1/publish",
      body: { version: 2 },
    });
    expect((fake.entries.get("about")![0]!.data as AboutContent).heading).toBe("A new heading");
    // Preview opens the public page with the drafts in a new tab.
    const preview = screen.getByRole("link", { name: /Preview/ });
    expect(preview.getAttribute("href")).toBe("/about-desktop?preview=about");
    expect(preview.getAttribute("target")).toBe("_blank");
  });

  it("schedules the draft at a time in the staff member's time zone", async () => {
    const { user, fake } = await openAbout();
    const heading = screen.getAllByLabelText("Heading", LABEL)[0]!;
    await user.type(heading, "!");
    const at = screen.getByLabelText("Publish at", LABEL);
    expect(screen.getByText(/Times are in your time zone/)).toBeTruthy();
    await user.clear(at);
    await user.type(at, "2031-05-04T09:30");
    await user.click(screen.getByRole("button", { name: "Schedule" }));
    await screen.findByText(/Scheduled: the draft goes live/, { selector: "p" });
    expect(fake.calls.at(-1)?.body).toEqual({
      version: 2,
      at: new Date("2031-05-04T09:30").toISOString(),
    });
    expect(screen.getByRole("button", { name: "Cancel schedule" })).toBeTruthy();
  });

  it("saves an incomplete draft; Publish names each missing field with a link that focuses it", async () => {
    const { user, fake } = await openAbout();
    const heading = screen.getAllByLabelText("Heading", LABEL)[0]!;
    await user.clear(heading);
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() =>
      expect(screen.getAllByText(EDITOR_TEXT.draftSaved).length).toBeGreaterThan(0),
    );
    expect(fake.calls.some((call) => call.method === "PUT")).toBe(true);
    expect(heading.getAttribute("aria-invalid")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Publish now" }));
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(fake.calls.some((call) => call.path.endsWith("/publish"))).toBe(false);
    expect(screen.getByRole("alert").textContent).toBe(
      "One field needs attention before publishing:",
    );
    expect(heading.getAttribute("aria-invalid")).toBe("true");
    const error = document.getElementById(`${heading.id}-error`)!;
    expect(error.textContent).toBe("Heading is required");
    expect(heading.getAttribute("aria-describedby")).toContain(error.id);
    const links = screen.getByRole("list", { name: "Fields that need attention" });
    const link = within(links).getByRole("link", { name: "Heading" });
    expect(link.getAttribute("href")).toBe(`#${heading.id}`);
    expect(links.textContent).toBe("Heading: Heading is required");
    link.focus();
    await user.click(link);
    expect(document.activeElement).toBe(heading);
    // Typing clears the field's message.
    await user.type(heading, "Back");
    expect(heading.getAttribute("aria-invalid")).toBeNull();
  });

  it("shows the server's field messages beside their fields", async () => {
    const { user, fake } = await openAbout();
    fake.intercept = (method) =>
      method === "PUT"
        ? jsonResponse(400, {
            error: {
              code: "invalid_input",
              message: "Caption is wrong (data.video.caption)",
              fields: { "data.video.caption": "Caption is wrong" },
            },
          })
        : undefined;
    await user.type(screen.getAllByLabelText("Heading", LABEL)[0]!, "!");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    const caption = screen.getByLabelText("Caption", LABEL);
    await waitFor(() => expect(document.activeElement).toBe(caption));
    expect(caption.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Caption is wrong")).toBeTruthy();
  });

  it("on 409 keeps the staff member's text, names their version, and reloads or overwrites knowingly", async () => {
    const { user, fake } = await openAbout();
    // Someone else saves first.
    const entry = fake.entries.get("about")![0]!;
    entry.draft = { data: { ...(entry.data as AboutContent), heading: "Their heading" } };
    entry.version = 5;
    const heading = screen.getAllByLabelText("Heading", LABEL)[0] as HTMLInputElement;
    await user.clear(heading);
    await user.type(heading, "My heading");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    const alert = await screen.findByRole("alert", { name: "Someone else saved this entry first" });
    expect(alert.textContent).toContain("changed since you opened it");
    expect(within(alert).getByText("Heading")).toBeTruthy();
    expect(document.activeElement).toBe(alert);
    expect(heading.value).toBe("My heading");

    await user.click(within(alert).getByRole("button", { name: "Save mine over theirs" }));
    await screen.findByText(/Your version is saved over theirs/, { selector: "p" });
    expect(fake.calls.at(-1)?.body).toMatchObject({ version: 5, data: { heading: "My heading" } });

    // And the other way: load theirs.
    entry.draft = { data: { ...(entry.data as AboutContent), heading: "Theirs again" } };
    entry.version = 9;
    await user.type(heading, "!");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    const again = await screen.findByRole("alert", { name: "Someone else saved this entry first" });
    await user.click(within(again).getByRole("button", { name: /Load their version/ }));
    expect(heading.value).toBe("Theirs again");
    expect(screen.queryByText(/unsaved changes/)).toBeNull();
  });

  it("warns before leaving with unsaved changes, in the app and on unload", async () => {
    const { user, router } = await openAbout();
    await user.type(screen.getAllByLabelText("Heading", LABEL)[0]!, "!");
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false);
    await user.click(screen.getByRole("link", { name: "Messages" }));
    expect(confirm).toHaveBeenCalledWith(
      "You have unsaved changes. Leave this page and lose them?",
    );
    expect(router.state.location.pathname).toBe("/admin/content/about");

    const unload = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    confirm.mockReturnValueOnce(true);
    await user.click(screen.getByRole("link", { name: "Messages" }));
    await screen.findByText("Messages page");
  });

  it("lists revisions newest first with what changed side by side, and restores one after confirming", async () => {
    const { user, fake } = await openAbout();
    const heading = screen.getAllByLabelText("Heading", LABEL)[0]!;
    const original = (fake.entries.get("about")![0]!.data as AboutContent).heading;
    await user.clear(heading);
    await user.type(heading, "Changed heading");
    await user.click(screen.getByRole("button", { name: "Publish now" }));
    await screen.findByText(/Published. The public site/, { selector: "p" });

    await user.click(screen.getByRole("button", { name: "Revisions" }));
    const changes = await screen.findByRole("table", { name: "Changes in revision 2" });
    const row = within(changes).getByRole("row", { name: /Heading/ });
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual([original, "Changed heading"]);
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    await user.click(screen.getByRole("button", { name: "Restore revision 1" }));
    await screen.findByText(/Revision 1 restored/, { selector: "p" });
    expect(confirm).toHaveBeenCalled();
    expect((heading as HTMLInputElement).value).toBe(original);
    await screen.findByRole("heading", { name: /Revision 3, restored from revision 1/ });
  });
});
