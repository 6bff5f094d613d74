// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ContactMessageRecord } from "#common/contact";
import { jsonResponse } from "~/lib/test-fetch";
import { renderStaffPage } from "../shell/test-support";
import { AdminInboxPage } from "./AdminInboxPage";

function record(overrides: Partial<ContactMessageRecord>): ContactMessageRecord {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    firstName: "Avery",
    lastName: "Quill",
    email: "avery@example.org",
    message: "Hello there",
    course: null,
    createdAt: "2025-06-01T12:00:00.000Z",
    status: "sent",
    spamReason: null,
    attempts: 1,
    lastError: null,
    nextAttemptAt: null,
    deliveredAt: "2025-06-01T12:00:01.000Z",
    ...overrides,
  };
}

const failed = record({
  id: "00000000-0000-4000-8000-000000000002",
  firstName: "Rowan",
  lastName: "Finch",
  email: "rowan@example.org",
  message: "Is anyone there?",
  createdAt: "2025-06-02T09:00:00.000Z",
  status: "failed",
  attempts: 3,
  lastError: "connect ECONNREFUSED 127.0.0.1:25",
  nextAttemptAt: "2025-06-02T09:05:00.000Z",
  deliveredAt: null,
});
const spam = record({
  id: "00000000-0000-4000-8000-000000000003",
  firstName: "Bot",
  lastName: "",
  email: "",
  message: "Buy now",
  createdAt: "2025-06-03T09:00:00.000Z",
  status: "spam",
  spamReason: "honeypot",
  attempts: 0,
  deliveredAt: null,
  nextAttemptAt: "2025-06-03T09:00:00.000Z",
});
const sent = record({});

type Route = (url: string, init?: RequestInit) => Response | undefined;

function stubApi(route: Route) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const answer = route(url, init);
    if (answer) return answer;
    if (url === "/api/session") return jsonResponse(200, { admin: true });
    throw new Error(`unexpected request ${init?.method ?? "GET"} ${url}`);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** The inbox as the app shows it: inside the staff shell, which locks and unlocks it. */
function renderPage() {
  return renderStaffPage("/admin/messages", <AdminInboxPage />);
}

describe("AdminInboxPage", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("when locked, shows the lock screen in place and loads no messages until unlocked", async () => {
    let loggedIn = false;
    const fetchMock = stubApi((url, init) => {
      if (url === "/api/session" && init?.method === "POST") {
        loggedIn = true;
        return new Response(null, { status: 204 });
      }
      if (loggedIn) {
        return url === "/api/admin/messages?limit=50"
          ? jsonResponse(200, { messages: [sent], nextBefore: null })
          : undefined;
      }
      return jsonResponse(401, { error: { code: "unauthorized", message: "x" } });
    });
    const { user } = renderPage();
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual([
      "Messages",
    ]);
    expect(document.querySelector("main#main")).not.toBeNull();
    await user.type(await screen.findByLabelText("Password"), "the password");
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(["/api/session"]);

    await user.click(screen.getByRole("button", { name: "Unlock" }));
    expect(await screen.findByRole("article", { name: "Avery Quill" })).toBeTruthy();
    expect(screen.queryByLabelText("Password")).toBeNull();
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? "GET"} ${url}`)).toEqual([
      "GET /api/session",
      "POST /api/session",
      "GET /api/session",
      "GET /api/admin/messages?limit=50",
    ]);
  });

  it("lists messages newest first with sender, email, time, message and delivery status", async () => {
    stubApi((url) =>
      url === "/api/admin/messages?limit=50"
        ? jsonResponse(200, { messages: [spam, failed, sent], nextBefore: null })
        : undefined,
    );
    renderPage();
    const list = await screen.findByRole("list", { name: "Messages, newest first" });
    const items = within(list).getAllByRole("article");
    expect(
      items.map((item) => within(item).getByRole("heading", { level: 2 }).textContent),
    ).toEqual(["Bot", "Rowan Finch", "Avery Quill"]);

    const rowan = screen.getByRole("article", { name: "Rowan Finch" });
    expect(
      within(rowan).getByRole("link", { name: "rowan@example.org" }).getAttribute("href"),
    ).toBe("mailto:rowan@example.org");
    expect(within(rowan).getByText("Is anyone there?")).toBeTruthy();
    expect(rowan.textContent).toContain("Not delivered yet");
    expect(rowan.textContent).toContain("3 failed attempts");
    expect(rowan.textContent).toContain("Last error: connect ECONNREFUSED 127.0.0.1:25");
    expect(rowan.querySelector("time")?.getAttribute("datetime")).toBe("2025-06-02T09:00:00.000Z");
    expect(within(rowan).getByRole("button", { name: "Retry now" })).toBeTruthy();
    expect(within(rowan).getByRole("button", { name: "Mark as spam" })).toBeTruthy();

    const avery = screen.getByRole("article", { name: "Avery Quill" });
    expect(avery.textContent).toContain("Sent");
    expect(avery.textContent).not.toContain("attempt");
    expect(within(avery).queryByRole("button", { name: "Retry now" })).toBeNull();

    const bot = screen.getByRole("article", { name: "Bot" });
    expect(bot.textContent).toContain("Spam");
    expect(bot.textContent).toContain("No email given");
    expect(within(bot).queryByRole("button", { name: "Retry now" })).toBeNull();
    expect(within(bot).getByRole("button", { name: "Not spam" })).toBeTruthy();
  });

  it("says after how many attempts a message was delivered", async () => {
    const late = { ...sent, attempts: 3, lastError: "connect ECONNREFUSED 127.0.0.1:25" };
    stubApi((url) =>
      url === "/api/admin/messages?limit=50"
        ? jsonResponse(200, { messages: [late], nextBefore: null })
        : undefined,
    );
    renderPage();
    const avery = await screen.findByRole("article", { name: "Avery Quill" });
    expect(avery.textContent).toContain("after 3 attempts");
    expect(avery.textContent).not.toContain("Last error");
  });

  it("'Retry now' posts the retry and shows the updated message", async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi((url, init) => {
      if (url === "/api/admin/messages?limit=50")
        return jsonResponse(200, { messages: [failed], nextBefore: null });
      if (url === `/api/admin/messages/${failed.id}/retry` && init?.method === "POST") {
        return jsonResponse(200, { ...failed, nextAttemptAt: "2025-06-02T09:01:00.000Z" });
      }
      return undefined;
    });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Retry now" }));
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/retry"))!;
    expect(call[1]?.method).toBe("POST");
    expect(call[1]?.body).toBeUndefined();
    expect(
      screen
        .getByRole("article", { name: "Rowan Finch" })
        .querySelectorAll("time")[1]
        ?.getAttribute("datetime"),
    ).toBe("2025-06-02T09:01:00.000Z");
  });

  it("marks and unmarks spam with PATCH {spam}", async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi((url, init) => {
      if (url === "/api/admin/messages?limit=50")
        return jsonResponse(200, { messages: [spam], nextBefore: null });
      if (url === `/api/admin/messages/${spam.id}` && init?.method === "PATCH") {
        const { spam: marked } = JSON.parse(init.body as string) as { spam: boolean };
        return jsonResponse(200, marked ? spam : { ...spam, status: "pending", spamReason: null });
      }
      return undefined;
    });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Not spam" }));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === "PATCH")!;
    expect(JSON.parse(patch[1]?.body as string)).toEqual({ spam: false });
    expect(await screen.findByRole("button", { name: "Mark as spam" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Retry now" })).toBeTruthy();
  });

  it("shows an alert when an action fails, and locks when the session has ended", async () => {
    const user = userEvent.setup();
    let answer = 500;
    stubApi((url) => {
      if (url === "/api/admin/messages?limit=50")
        return jsonResponse(200, { messages: [failed], nextBefore: null });
      if (url.endsWith("/retry"))
        return jsonResponse(answer, { error: { code: "x", message: "x" } });
      return undefined;
    });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Retry now" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Could not update the message. Please try again.",
    );
    answer = 401;
    await user.click(screen.getByRole("button", { name: "Retry now" }));
    expect(await screen.findByText(/Your session has ended/)).toBeTruthy();
    expect(screen.getByLabelText("Password")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Messages, newest first" })).toBeNull();
  });

  it("shows older messages on request", async () => {
    const user = userEvent.setup();
    stubApi((url) => {
      if (url === "/api/admin/messages?limit=50")
        return jsonResponse(200, { messages: [spam], nextBefore: "cursor|1" });
      if (url === "/api/admin/messages?limit=50&before=cursor%7C1")
        return jsonResponse(200, { messages: [sent], nextBefore: null });
      return undefined;
    });
    renderPage();
    // Keyboard only: Tab to the button, Enter.
    const button = await screen.findByRole("button", { name: "Show older messages" });
    button.focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("article", { name: "Avery Quill" })).toBeTruthy();
    expect(screen.getAllByRole("article")).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "Show older messages" })).toBeNull();
    // The button is gone: focus went to the first message just shown, not to the page body.
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Avery Quill" }));
  });

  it("links the staff pages, marking this one as current", async () => {
    stubApi(() => undefined);
    renderPage();
    const nav = await screen.findByRole("navigation", { name: "Staff pages" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Home", "/admin"],
      ["Site updates", "/admin/updates"],
      ["Messages", "/admin/messages"],
      ["SMS subscribers", "/admin/subscribers"],
      ["Texts", "/admin/texts"],
      ["Content", "/admin/content"],
      ["Media library", "/admin/media"],
      ["Statistics", "/admin/statistics"],
      ["Redirects", "/admin/redirects"],
      ["Audit log", "/admin/audit"],
      ["Staff", "/admin/staff"],
      ["Your account", "/admin/account"],
    ]);
    expect(within(nav).getByRole("link", { name: "Messages" }).getAttribute("aria-current")).toBe(
      "page",
    );
    await screen.findByText(/Could not load|No messages yet/);
  });
});
