// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SESSION_HINT_KEY } from "../admin-shell/session-hint";
import { renderStaffPage } from "../admin-shell/test-support";
import { AdminUpdatesPage } from "./AdminUpdatesPage";
import { toLocalInputValue } from "./form-values";
import { FakeApi, makeUpdate } from "./test-support";

let api: FakeApi;

beforeEach(() => {
  api = new FakeApi().install();
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The updates page as the app shows it: inside the staff shell, which locks and unlocks it. */
function renderPage() {
  return renderStaffPage("/admin/updates", <AdminUpdatesPage />);
}

/** Renders the page with a live session and waits for the list. */
async function renderUnlocked(updates = [makeUpdate(1), makeUpdate(2)]) {
  api.loggedIn = true;
  api.updates = updates;
  const view = renderPage();
  await screen.findByRole("heading", { level: 2, name: "All updates" });
  await waitFor(() => expect(screen.queryByText("Loading updates...")).toBeNull());
  return view;
}

function field(name: string) {
  return screen.getByLabelText(name) as HTMLInputElement;
}

function listSection(): HTMLElement {
  return screen.getByRole("region", { name: "All updates" });
}

function rowOf(title: string): HTMLElement {
  const heading = within(listSection()).getByRole("heading", { level: 3, name: title });
  return heading.closest("li")!;
}

function rowTitles(): string[] {
  return within(listSection())
    .queryAllByRole("heading", { level: 3 })
    .map((heading) => heading.textContent ?? "");
}

function lastRequest() {
  return api.adminRequests().at(-1)!;
}

describe("locked view", () => {
  it("shows one h1, the main landmark, Password and Unlock, and no admin controls", async () => {
    renderPage();
    expect(screen.getByRole("status").textContent).toMatch(/Checking your session/);
    const password = await screen.findByLabelText("Password");
    expect(password.getAttribute("type")).toBe("password");
    expect(screen.getByRole("button", { name: "Unlock" })).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("main").id).toBe("main");
    expect(screen.queryByRole("button", { name: "Logout" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Featured Updates" })).toBeNull();
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /api/session"]);
  });

  it("says 'Incorrect password' for a wrong password, then unlocks with the right one", async () => {
    const { user } = renderPage();
    await user.type(await screen.findByLabelText("Password"), "wrong");
    await user.click(screen.getByRole("button", { name: "Unlock" }));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Incorrect password");
    const password = field("Password");
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(password.getAttribute("aria-describedby")).toBe(alert.id);
    expect(lastRequest()).toEqual({
      method: "POST",
      url: "/api/session",
      body: { email: "owner@example.org", password: "wrong" },
      contentType: "application/json",
      credentials: "same-origin",
    });

    await user.clear(password);
    await user.type(password, api.password);
    await user.keyboard("{Enter}");

    const heading = await screen.findByRole("heading", { level: 1, name: "Site updates" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole("button", { name: "Logout" })).toBeTruthy();
    expect(screen.queryByLabelText("Password")).toBeNull();
    expect(window.sessionStorage.getItem(SESSION_HINT_KEY)).toBe("1");
    await screen.findByRole("heading", { level: 2, name: "All updates" });
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
  });

  it("announces the same wrong-password message again on a second attempt", async () => {
    const { user } = renderPage();
    await user.type(await screen.findByLabelText("Password"), "wrong");
    await user.click(screen.getByRole("button", { name: "Unlock" }));
    const first = await screen.findByRole("alert");
    await user.click(screen.getByRole("button", { name: "Unlock" }));
    await waitFor(() => expect(screen.getByRole("alert")).not.toBe(first));
    expect(screen.getByRole("alert").textContent).toBe("Incorrect password");
  });

  it("asks for a password without calling the server when the field is empty", async () => {
    const { user } = renderPage();
    await screen.findByLabelText("Password");
    await user.click(screen.getByRole("button", { name: "Unlock" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Password is required");
    expect(api.adminRequests()).toEqual([]);
  });

  it("explains the wait after too many failures (429 with Retry-After)", async () => {
    api.overrides.push((request) =>
      request.method === "POST" && request.url === "/api/session"
        ? new Response(
            JSON.stringify({
              error: { code: "too_many_attempts", message: "Too many failed attempts." },
            }),
            { status: 429, headers: { "Content-Type": "application/json", "Retry-After": "540" } },
          )
        : undefined,
    );
    const { user } = renderPage();
    await user.type(await screen.findByLabelText("Password"), "guess");
    await user.click(screen.getByRole("button", { name: "Unlock" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Too many failed attempts. Try again in 9 minutes.",
    );
  });

  it("shows a clear message when the server cannot be reached", async () => {
    const { user } = renderPage();
    await user.type(await screen.findByLabelText("Password"), "pw");
    api.overrides.push((request) => {
      if (request.method === "POST") throw new TypeError("Failed to fetch");
      return undefined;
    });
    await user.click(screen.getByRole("button", { name: "Unlock" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/Network Error/);
  });

  it("goes to the locked view when the session check fails for another reason", async () => {
    api.failWhen("GET", /^\/api\/session$/, 503);
    renderPage();
    expect(await screen.findByLabelText("Password")).toBeTruthy();
    expect(console.error).toHaveBeenCalled();
  });
});

describe("session restore and logout", () => {
  it("restores the unlocked view on reload from GET /api/session", async () => {
    window.sessionStorage.setItem(SESSION_HINT_KEY, "1");
    api.loggedIn = true;
    api.updates = [makeUpdate(1)];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    api.overrides.push(async (request) => {
      if (request.method === "GET" && request.url === "/api/updates") await gate;
      return undefined;
    });
    renderPage();

    expect(screen.getByRole("status").textContent).toMatch(/Restoring your session/);
    expect(await screen.findByText("Loading updates...")).toBeTruthy();
    expect(screen.queryByLabelText("Password")).toBeNull();
    expect(screen.getByRole("button", { name: "Logout" })).toBeTruthy();

    release();
    await screen.findByRole("heading", { level: 3, name: "Update 1" });
    expect(screen.queryByText("Loading updates...")).toBeNull();
    expect(api.requests[0]).toMatchObject({ method: "GET", url: "/api/session" });
  });

  it("shows the locked view when the server says the session is gone, despite the hint", async () => {
    window.sessionStorage.setItem(SESSION_HINT_KEY, "1");
    renderPage();
    expect(await screen.findByLabelText("Password")).toBeTruthy();
    expect(window.sessionStorage.getItem(SESSION_HINT_KEY)).toBeNull();
  });

  it("logs out with DELETE /api/session and returns to the locked view", async () => {
    const { user } = await renderUnlocked();
    await user.click(screen.getByRole("button", { name: "Logout" }));
    const password = await screen.findByLabelText("Password");
    expect(lastRequest()).toMatchObject({ method: "DELETE", url: "/api/session" });
    expect(api.loggedIn).toBe(false);
    expect(window.sessionStorage.getItem(SESSION_HINT_KEY)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(screen.queryByRole("button", { name: "Logout" })).toBeNull();
  });

  it("stays unlocked and says so when logout fails", async () => {
    const { user } = await renderUnlocked();
    api.failWhen("DELETE", /^\/api\/session$/, 503);
    await user.click(screen.getByRole("button", { name: "Logout" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Failed to log out. Please try again.",
    );
    expect(screen.getByRole("button", { name: "Logout" })).toBeTruthy();
  });

  it("returns to the locked view when an admin call answers 401", async () => {
    const { user } = await renderUnlocked();
    api.loggedIn = false;
    await user.click(within(rowOf("Update 2")).getByRole("button", { name: "Feature" }));
    expect(await screen.findByLabelText("Password")).toBeTruthy();
    expect(screen.getByText(/Your session has ended/)).toBeTruthy();
    expect(window.sessionStorage.getItem(SESSION_HINT_KEY)).toBeNull();
  });

  it("returns to the locked view when the list load answers 401", async () => {
    api.loggedIn = true;
    api.failWhen("GET", /^\/api\/updates$/, 401);
    renderPage();
    expect(await screen.findByLabelText("Password")).toBeTruthy();
  });
});

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

describe("staff navigation", () => {
  it("links to the messages and subscribers views once unlocked, marking this page current", async () => {
    await renderUnlocked();
    const nav = screen.getByRole("navigation", { name: "Staff pages" });
    expect(
      within(nav).getByRole("link", { name: "Site updates" }).getAttribute("aria-current"),
    ).toBe("page");
    expect(within(nav).getByRole("link", { name: "Messages" }).getAttribute("href")).toBe(
      "/admin/messages",
    );
    expect(within(nav).getByRole("link", { name: "SMS subscribers" }).getAttribute("href")).toBe(
      "/admin/subscribers",
    );
  });

  it("shows no staff navigation while locked", async () => {
    renderPage();
    await screen.findByLabelText("Password");
    expect(screen.queryByRole("navigation", { name: "Staff pages" })).toBeNull();
  });
});
