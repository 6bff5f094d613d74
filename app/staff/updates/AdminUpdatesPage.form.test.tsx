// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { toLocalInputValue } from "./form-values";
import { makeUpdate } from "./test-support";
import {
  api,
  field,
  lastRequest,
  renderUnlocked,
  rowOf,
  rowTitles,
  installFakeUpdatesApi,
} from "./test-updates-page";

installFakeUpdatesApi();

describe("create form", () => {
  it("starts with the defaults: news, published, not featured, published now (local time)", async () => {
    const before = new Date();
    await renderUnlocked();
    expect((screen.getByLabelText("Type") as HTMLSelectElement).value).toBe("news");
    expect((screen.getByLabelText("Status") as HTMLSelectElement).value).toBe("published");
    expect(field("Featured").checked).toBe(false);
    expect(field("Featured").type).toBe("checkbox");
    expect(field("Published at").type).toBe("datetime-local");
    const value = field("Published at").value;
    const after = new Date();
    expect([toLocalInputValue(before), toLocalInputValue(after)]).toContain(value);
    expect(field("Title").value).toBe("");
    expect(field("Summary").value).toBe("");
    expect(field("URL").value).toBe("");
    expect(field("Image URL").value).toBe("");
    expect(screen.getByRole("button", { name: "Create update" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save changes" })).toBeNull();
  });

  it("caps the summary at 240 characters with a live counter", async () => {
    const { user } = await renderUnlocked();
    const summary = field("Summary");
    expect(summary.maxLength).toBe(240);
    expect(screen.getByText("0/240 characters")).toBeTruthy();
    await user.type(summary, "Hello");
    expect(screen.getByText("5/240 characters")).toBeTruthy();
    const counterId = summary.getAttribute("aria-describedby")!.split(" ")[0]!;
    expect(document.getElementById(counterId)?.textContent).toBe("5/240 characters");
  });

  it("creates an update with exactly the form's values, then resets and refreshes the strip", async () => {
    const { user } = await renderUnlocked();
    await waitFor(() => expect(api.featuredRequests()).toHaveLength(1));

    await user.selectOptions(screen.getByLabelText("Type"), "media");
    await user.type(field("Title"), "  Mural day  ");
    await user.type(field("Summary"), "Paint with us by the river.");
    await user.type(field("URL"), "https://example.org/mural");
    await user.type(field("Image URL"), "https://example.org/mural.jpg");
    await user.selectOptions(screen.getByLabelText("Status"), "draft");
    await user.click(field("Featured"));
    fireEvent.change(field("Published at"), { target: { value: "2025-10-11T12:00" } });
    await user.click(screen.getByRole("button", { name: "Create update" }));

    await screen.findByRole("heading", { level: 3, name: "Mural day" });
    expect(lastRequest()).toEqual({
      method: "POST",
      url: "/api/updates",
      contentType: "application/json",
      credentials: "same-origin",
      body: {
        type: "media",
        title: "Mural day",
        summary: "Paint with us by the river.",
        url: "https://example.org/mural",
        image_url: "https://example.org/mural.jpg",
        status: "draft",
        featured: true,
        published_at: new Date(2025, 9, 11, 12, 0).toISOString(),
      },
    });
    // Newest first, form back to its defaults, strip fetched again.
    expect(rowTitles()[0]).toBe("Mural day");
    expect(field("Title").value).toBe("");
    expect((screen.getByLabelText("Type") as HTMLSelectElement).value).toBe("news");
    expect((screen.getByLabelText("Status") as HTMLSelectElement).value).toBe("published");
    expect(field("Featured").checked).toBe(false);
    await waitFor(() => expect(api.featuredRequests()).toHaveLength(2));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("sends empty URLs as null", async () => {
    const { user } = await renderUnlocked();
    await user.type(field("Title"), "T");
    await user.type(field("Summary"), "S");
    await user.click(screen.getByRole("button", { name: "Create update" }));
    await screen.findByRole("heading", { level: 3, name: "T" });
    expect(lastRequest().body).toMatchObject({ url: null, image_url: null, featured: false });
  });

  it("requires title and summary: 'Title and summary are required', nothing sent", async () => {
    const { user } = await renderUnlocked();
    await user.click(screen.getByRole("button", { name: "Create update" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Title and summary are required");
    expect(api.adminRequests().filter((r) => r.method === "POST")).toEqual([]);

    const title = field("Title");
    expect(title.getAttribute("aria-invalid")).toBe("true");
    expect(field("Summary").getAttribute("aria-invalid")).toBe("true");
    const errorId = title.getAttribute("aria-describedby")!;
    expect(document.getElementById(errorId)?.textContent).toBe("Title and summary are required");
    expect(document.activeElement).toBe(title);

    // Blank after trimming is still empty.
    await user.type(title, "   ");
    await user.type(field("Summary"), "Something");
    await user.click(screen.getByRole("button", { name: "Create update" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("Title and summary are required"),
    );
    expect(field("Summary").getAttribute("aria-invalid")).toBeNull();
    expect(api.adminRequests().filter((r) => r.method === "POST")).toEqual([]);
  });

  it("refuses a summary over 240 characters with 'Summary must be 240 characters or less'", async () => {
    const { user } = await renderUnlocked();
    await user.type(field("Title"), "Long one");
    // maxLength stops typing at 240; a value set another way is still checked.
    fireEvent.change(field("Summary"), { target: { value: "x".repeat(241) } });
    await user.click(screen.getByRole("button", { name: "Create update" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Summary must be 240 characters or less",
    );
    expect(field("Summary").getAttribute("aria-invalid")).toBe("true");
    expect(api.adminRequests().filter((r) => r.method === "POST")).toEqual([]);
  });

  it("checks the URL and Image URL formats", async () => {
    const { user } = await renderUnlocked();
    await user.type(field("Title"), "Links");
    await user.type(field("Summary"), "Bad links");
    await user.type(field("URL"), "not a url");
    await user.type(field("Image URL"), "javascript:alert(1)");
    await user.click(screen.getByRole("button", { name: "Create update" }));

    const message = "Enter a full web address starting with http:// or https://";
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    for (const name of ["URL", "Image URL"]) {
      const input = field(name);
      expect(input.getAttribute("aria-invalid")).toBe("true");
      const ids = input.getAttribute("aria-describedby")!.split(" ");
      expect(ids.map((id) => document.getElementById(id)?.textContent)).toContain(message);
    }
    expect(document.activeElement).toBe(field("URL"));
    expect(api.adminRequests().filter((r) => r.method === "POST")).toEqual([]);

    // Fixing a field clears its message.
    await user.clear(field("URL"));
    expect(field("URL").getAttribute("aria-invalid")).toBeNull();
  });

  it("requires published at", async () => {
    const { user } = await renderUnlocked();
    await user.type(field("Title"), "T");
    await user.type(field("Summary"), "S");
    fireEvent.change(field("Published at"), { target: { value: "" } });
    await user.click(screen.getByRole("button", { name: "Create update" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Published at must be a real date and time between 1970 and 9999",
    );
    expect(field("Published at").getAttribute("aria-invalid")).toBe("true");
  });

  it("shows 'Failed to save update' and the server's field messages when saving fails", async () => {
    const { user } = await renderUnlocked();
    api.failWhen("POST", /^\/api\/updates$/, 400, { url: "That address is blocked" });
    await user.type(field("Title"), "T");
    await user.type(field("Summary"), "S");
    await user.type(field("URL"), "https://blocked.example");
    await user.click(screen.getByRole("button", { name: "Create update" }));

    expect((await screen.findByRole("alert")).textContent).toBe("Failed to save update");
    const url = field("URL");
    expect(url.getAttribute("aria-invalid")).toBe("true");
    const ids = url.getAttribute("aria-describedby")!.split(" ");
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toContain(
      "That address is blocked",
    );
    // The form keeps what was typed.
    expect(field("Title").value).toBe("T");
  });

  it("shows 'Failed to save update' on a server error", async () => {
    const { user } = await renderUnlocked();
    api.failWhen("POST", /^\/api\/updates$/, 500);
    await user.type(field("Title"), "T");
    await user.type(field("Summary"), "S");
    await user.click(screen.getByRole("button", { name: "Create update" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to save update");
  });
});

describe("edit mode", () => {
  const stored = makeUpdate(1, {
    type: "completed_project",
    title: "Library VR",
    summary: "Teens built worlds.",
    url: "https://example.org/vr",
    image_url: null,
    status: "draft",
    featured: true,
    published_at: "2025-09-01T10:00:30.000Z",
  });

  it("fills the form, focuses Title, and saves the full payload with PATCH", async () => {
    const { user } = await renderUnlocked([stored]);
    await user.click(within(rowOf("Library VR")).getByRole("button", { name: "Edit" }));

    await waitFor(() => expect(document.activeElement).toBe(field("Title")));
    expect(field("Title").value).toBe("Library VR");
    expect(field("Summary").value).toBe("Teens built worlds.");
    expect(field("URL").value).toBe("https://example.org/vr");
    expect((screen.getByLabelText("Type") as HTMLSelectElement).value).toBe("completed_project");
    expect((screen.getByLabelText("Status") as HTMLSelectElement).value).toBe("draft");
    expect(field("Featured").checked).toBe(true);
    expect(field("Published at").value).toBe(
      toLocalInputValue(new Date("2025-09-01T10:00:30.000Z")),
    );
    expect(screen.getByRole("button", { name: "Save changes" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Create update" })).toBeNull();

    await user.clear(field("Title"));
    await user.type(field("Title"), "Library VR worlds");
    await user.click(screen.getByRole("button", { name: "Save changes" }));

    await screen.findByRole("heading", { level: 3, name: "Library VR worlds" });
    expect(lastRequest()).toEqual({
      method: "PATCH",
      url: `/api/updates/${stored.id}`,
      contentType: "application/json",
      credentials: "same-origin",
      body: {
        type: "completed_project",
        title: "Library VR worlds",
        summary: "Teens built worlds.",
        url: "https://example.org/vr",
        image_url: null,
        status: "draft",
        featured: true,
        // Untouched, the stored time is sent back exactly (seconds included).
        published_at: "2025-09-01T10:00:30.000Z",
      },
    });
    expect(screen.getByRole("button", { name: "Create update" })).toBeTruthy();
    expect(field("Title").value).toBe("");
  });

  it("Cancel returns to create mode with the defaults", async () => {
    const { user } = await renderUnlocked([stored]);
    await user.click(within(rowOf("Library VR")).getByRole("button", { name: "Edit" }));
    await waitFor(() => expect(field("Title").value).toBe("Library VR"));

    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("button", { name: "Create update" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save changes" })).toBeNull();
    expect(field("Title").value).toBe("");
    expect(field("Summary").value).toBe("");
    expect(field("URL").value).toBe("");
    expect((screen.getByLabelText("Type") as HTMLSelectElement).value).toBe("news");
    expect((screen.getByLabelText("Status") as HTMLSelectElement).value).toBe("published");
    expect(field("Featured").checked).toBe(false);
    const now = toLocalInputValue(new Date());
    expect(field("Published at").value.slice(0, 10)).toBe(now.slice(0, 10));
    expect(api.adminRequests().filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("Cancel in create mode clears what was typed and any messages", async () => {
    const { user } = await renderUnlocked();
    await user.type(field("Summary"), "draft text");
    await user.click(screen.getByRole("button", { name: "Create update" }));
    await screen.findByRole("alert");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(field("Summary").value).toBe("");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(field("Title").getAttribute("aria-invalid")).toBeNull();
  });
});
