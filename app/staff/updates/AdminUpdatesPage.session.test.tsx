// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SESSION_HINT_KEY } from "../shell/session-hint";
import { makeUpdate } from "./test-support";
import {
  api,
  field,
  lastRequest,
  renderPage,
  renderUnlocked,
  rowOf,
  installFakeUpdatesApi,
} from "./test-updates-page";

installFakeUpdatesApi();

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
