// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { makeUpdate } from "./test-support";
import {
  api,
  field,
  lastRequest,
  renderPage,
  renderUnlocked,
  rowOf,
  rowTitles,
  installFakeUpdatesApi,
} from "./test-updates-page";

installFakeUpdatesApi();

describe("list", () => {
  it("shows 'Loading updates...' while fetching, then every update newest created first", async () => {
    api.loggedIn = true;
    api.updates = [
      makeUpdate(1),
      makeUpdate(3, { status: "draft" }),
      makeUpdate(2, { featured: true }),
    ];
    renderPage();
    expect(await screen.findByText("Loading updates...")).toBeTruthy();
    await screen.findByRole("heading", { level: 3, name: "Update 3" });
    expect(screen.queryByText("Loading updates...")).toBeNull();
    expect(rowTitles()).toEqual(["Update 3", "Update 2", "Update 1"]);
    expect(api.requests.find((r) => r.url === "/api/updates")).toMatchObject({
      method: "GET",
      credentials: "same-origin",
    });
  });

  it("shows updated_at in a time element and the row actions named exactly", async () => {
    await renderUnlocked([makeUpdate(1, { updated_at: "2025-10-11T19:30:00.000Z" })]);
    const row = rowOf("Update 1");
    const time = row.querySelector("time")!;
    expect(time.getAttribute("datetime")).toBe("2025-10-11T19:30:00.000Z");
    expect(time.textContent).toMatch(/Oct 1[12], 2025/);
    const names = within(row)
      .getAllByRole("button")
      .map((button) => button.textContent);
    expect(names.sort()).toEqual(["Delete", "Edit", "Feature", "Unpublish"]);
    const describedBy = within(row)
      .getByRole("button", { name: "Edit" })
      .getAttribute("aria-describedby");
    expect(document.getElementById(describedBy!)?.textContent).toBe("Update 1");
  });

  it("logs a list-load failure and shows nothing else", async () => {
    api.loggedIn = true;
    api.failWhen("GET", /^\/api\/updates$/, 500);
    renderPage();
    await screen.findByRole("heading", { level: 2, name: "All updates" });
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByText("Loading updates...")).toBeNull());
    expect(screen.queryByRole("alert")).toBeNull();
    expect(rowTitles()).toEqual([]);
  });

  it("renders text from the database as text", async () => {
    const { container } = await renderUnlocked([
      makeUpdate(1, { title: "<script>alert(1)</script>", summary: "<b>not bold</b>" }),
    ]);
    expect(
      screen.getByRole("heading", { level: 3, name: "<script>alert(1)</script>" }),
    ).toBeTruthy();
    expect(screen.getAllByText("<b>not bold</b>").length).toBeGreaterThan(0);
    expect(container.querySelector("b")).toBeNull();
    expect(container.querySelector("script")).toBeNull();
  });
});

describe("row actions", () => {
  it("asks before deleting; declining sends nothing", async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal("confirm", confirm);
    const { user } = await renderUnlocked();
    await user.click(within(rowOf("Update 1")).getByRole("button", { name: "Delete" }));
    expect(confirm).toHaveBeenCalledWith("Are you sure you want to delete this update?");
    expect(api.adminRequests().filter((r) => r.method === "DELETE")).toEqual([]);
    expect(rowTitles()).toContain("Update 1");
  });

  it("deletes after confirmation and refreshes the strip", async () => {
    vi.stubGlobal(
      "confirm",
      vi.fn(() => true),
    );
    const { user } = await renderUnlocked();
    await waitFor(() => expect(api.featuredRequests()).toHaveLength(1));
    const id = api.updates[0]!.id;
    await user.click(within(rowOf("Update 1")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(rowTitles()).toEqual(["Update 2"]));
    expect(lastRequest()).toMatchObject({
      method: "DELETE",
      url: `/api/updates/${id}`,
      credentials: "same-origin",
    });
    await waitFor(() => expect(api.featuredRequests()).toHaveLength(2));
    expect(document.activeElement).toBe(
      screen.getByRole("heading", { level: 2, name: "All updates" }),
    );
  });

  it("leaves edit mode when the update being edited is deleted", async () => {
    vi.stubGlobal(
      "confirm",
      vi.fn(() => true),
    );
    const { user } = await renderUnlocked();
    await user.click(within(rowOf("Update 1")).getByRole("button", { name: "Edit" }));
    await screen.findByRole("button", { name: "Save changes" });
    await user.click(within(rowOf("Update 1")).getByRole("button", { name: "Delete" }));
    await screen.findByRole("button", { name: "Create update" });
    expect(field("Title").value).toBe("");
  });

  it("shows 'Failed to delete update' when deleting fails", async () => {
    vi.stubGlobal(
      "confirm",
      vi.fn(() => true),
    );
    const { user } = await renderUnlocked();
    api.failWhen("DELETE", /^\/api\/updates\//, 500);
    await user.click(within(rowOf("Update 1")).getByRole("button", { name: "Delete" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to delete update");
    expect(rowTitles()).toContain("Update 1");
  });

  it("Unpublish and Publish send exactly {status}", async () => {
    const { user } = await renderUnlocked([makeUpdate(1)]);
    const id = api.updates[0]!.id;
    await user.click(within(rowOf("Update 1")).getByRole("button", { name: "Unpublish" }));
    await within(rowOf("Update 1")).findByRole("button", { name: "Publish" });
    expect(lastRequest()).toEqual({
      method: "PATCH",
      url: `/api/updates/${id}`,
      body: { status: "draft" },
      contentType: "application/json",
      credentials: "same-origin",
    });
    expect(within(rowOf("Update 1")).getByText("Draft")).toBeTruthy();

    await user.click(within(rowOf("Update 1")).getByRole("button", { name: "Publish" }));
    await within(rowOf("Update 1")).findByRole("button", { name: "Unpublish" });
    expect(lastRequest().body).toEqual({ status: "published" });
  });

  it("Feature and Unfeature send exactly {featured}, and the strip follows", async () => {
    const { user } = await renderUnlocked([makeUpdate(1)]);
    const strip = screen.getByRole("region", { name: "Featured Updates" });
    expect(await within(strip).findByText("No featured updates yet.")).toBeTruthy();

    await user.click(within(rowOf("Update 1")).getByRole("button", { name: "Feature" }));
    await within(rowOf("Update 1")).findByRole("button", { name: "Unfeature" });
    expect(lastRequest().body).toEqual({ featured: true });
    expect(await within(strip).findByRole("heading", { level: 3, name: "Update 1" })).toBeTruthy();

    await user.click(within(rowOf("Update 1")).getByRole("button", { name: "Unfeature" }));
    await within(rowOf("Update 1")).findByRole("button", { name: "Feature" });
    expect(lastRequest().body).toEqual({ featured: false });
    expect(await within(strip).findByText("No featured updates yet.")).toBeTruthy();
  });

  it("shows 'Failed to update status' when a status toggle fails", async () => {
    const { user } = await renderUnlocked([makeUpdate(1)]);
    api.failWhen("PATCH", /^\/api\/updates\//, 500);
    await user.click(within(rowOf("Update 1")).getByRole("button", { name: "Unpublish" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to update status");
    expect(within(rowOf("Update 1")).getByRole("button", { name: "Unpublish" })).toBeTruthy();
  });

  it("shows 'Failed to update featured status' when a featured toggle fails", async () => {
    const { user } = await renderUnlocked([makeUpdate(1)]);
    api.failWhen("PATCH", /^\/api\/updates\//, 500);
    await user.click(within(rowOf("Update 1")).getByRole("button", { name: "Feature" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to update featured status");
  });

  it("ignores a second press while the row's request runs", async () => {
    const { user } = await renderUnlocked([makeUpdate(1)]);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    api.overrides.push(async (request) => {
      if (request.method === "PATCH") await gate;
      return undefined;
    });
    const button = within(rowOf("Update 1")).getByRole("button", { name: "Feature" });
    await user.click(button);
    expect(button.getAttribute("aria-disabled")).toBe("true");
    await user.click(button);
    release();
    await within(rowOf("Update 1")).findByRole("button", { name: "Unfeature" });
    expect(api.adminRequests().filter((r) => r.method === "PATCH")).toHaveLength(1);
  });
});
