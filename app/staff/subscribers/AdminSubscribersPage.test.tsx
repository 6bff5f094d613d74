// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SmsSubscriber } from "#common/sms";
import { jsonResponse } from "~/lib/test-fetch";
import { renderStaffPage } from "../shell/test-support";
import { AdminSubscribersPage } from "./AdminSubscribersPage";

const subscriber = (overrides: Partial<SmsSubscriber>): SmsSubscriber => ({
  id: "s1",
  phone: "+12065550100",
  status: "subscribed",
  consentedAt: "2025-06-01T12:00:00.000Z",
  consentText: "I agree",
  consentVersion: "2025-01",
  source: "/sms-opt-in",
  clientAddress: "203.0.113.5",
  userAgent: "UA",
  createdAt: "2025-06-01T12:00:00.000Z",
  unsubscribedAt: null,
  updatedAt: "2025-06-01T12:00:00.000Z",
  ...overrides,
});

/** Answers GET /api/session and the subscriber pages (`before` cursor "p2" is page two). */
function stubApi(subscribers: SmsSubscriber[] | number, session = 200, pageTwo?: SmsSubscriber[]) {
  const counts = (list: SmsSubscriber[]) => ({
    subscribed: list.filter((s) => s.status === "subscribed").length,
    unsubscribed: list.filter((s) => s.status === "unsubscribed").length,
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === "/api/session")
      return jsonResponse(
        session,
        session === 200 ? { admin: true } : { error: { code: "x", message: "x" } },
      );
    if (typeof subscribers === "number" && url.startsWith("/api/admin/sms/subscribers?"))
      return jsonResponse(subscribers, { error: { code: "x", message: "x" } });
    const all = [...(subscribers as SmsSubscriber[]), ...(pageTwo ?? [])];
    if (url === "/api/admin/sms/subscribers?limit=50")
      return jsonResponse(200, {
        subscribers,
        nextBefore: pageTwo ? "p2" : null,
        counts: counts(all),
      });
    if (url === "/api/admin/sms/subscribers/s1/history")
      return jsonResponse(200, {
        phone: "+12065550100",
        events: [
          {
            id: "e1",
            phone: "+12065550100",
            kind: "opt_in",
            channel: "web",
            occurredAt: "2025-06-01T12:00:00.000Z",
            statusAfter: "subscribed",
            consentText: "I agree",
            consentVersion: "2025-01",
            source: "/sms-opt-in",
            clientAddress: null,
            userAgent: null,
            how: null,
          },
          {
            id: "e2",
            phone: "+12065550100",
            kind: "stop",
            channel: "sms",
            occurredAt: "2025-06-03T12:00:00.000Z",
            statusAfter: "unsubscribed",
            consentText: null,
            consentVersion: null,
            source: null,
            clientAddress: null,
            userAgent: null,
            how: "words",
          },
        ],
        texts: [
          {
            textId: "t1",
            kind: "confirmation",
            body: "You are subscribed",
            status: "delivered",
            error: null,
            at: "2025-06-01T12:00:01.000Z",
          },
        ],
      });
    if (url === "/api/admin/sms/subscribers?limit=50&before=p2" && pageTwo)
      return jsonResponse(200, { subscribers: pageTwo, nextBefore: null, counts: counts(all) });
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** The list as the app shows it: inside the staff shell, which locks and unlocks it. */
function renderPage() {
  return renderStaffPage("/admin/subscribers", <AdminSubscribersPage />);
}

describe("AdminSubscribersPage", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows number, status, consent time and source, with Export CSV", async () => {
    stubApi([
      subscriber({}),
      subscriber({
        id: "s2",
        phone: "+14255550199",
        status: "unsubscribed",
        unsubscribedAt: "2025-06-02T08:00:00.000Z",
        consentedAt: "2025-05-30T10:00:00.000Z",
        source: null,
      }),
    ]);
    renderPage();
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual([
      "SMS subscribers",
    ]);
    const table = await screen.findByRole("table");
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      "Phone number",
      "Status",
      "Consent time",
      "Source",
      "Consent version",
      "History",
    ]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(within(rows[0]!).getByRole("rowheader").textContent).toBe("(206) 555-0100");
    expect(rows[0]!.textContent).toContain("Subscribed");
    expect(rows[0]!.textContent).toContain("/sms-opt-in");
    expect(rows[0]!.querySelector("time")?.getAttribute("datetime")).toBe(
      "2025-06-01T12:00:00.000Z",
    );
    expect(rows[1]!.textContent).toContain("Unsubscribed");
    expect(rows[1]!.textContent).toContain("Unknown");
    expect(screen.getByText("1 subscribed, 1 unsubscribed")).toBeTruthy();

    const exportLink = screen.getByRole("link", { name: "Export CSV" });
    expect(exportLink.getAttribute("href")).toBe("/api/admin/sms/subscribers.csv");
    expect(exportLink.hasAttribute("download")).toBe(true);
    const historyLink = screen.getByRole("link", { name: "Export consent history (CSV)" });
    expect(historyLink.getAttribute("href")).toBe("/api/admin/sms/consent-history.csv");
    expect(historyLink.hasAttribute("download")).toBe(true);
  });

  it("shows a subscriber's history: opt-in, confirmation, texts and how they opted out", async () => {
    stubApi([subscriber({})]);
    renderPage();
    const button = await screen.findByRole("button", { name: "History of (206) 555-0100" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    await userEvent.setup().click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const region = document.getElementById(button.getAttribute("aria-controls")!)!;
    const items = await waitFor(() => {
      const list = within(region).getAllByRole("listitem");
      expect(list).toHaveLength(3);
      return list;
    });
    expect(items.map((item) => item.textContent?.split(": ").slice(1).join(": "))).toEqual([
      "Opted in on /sms-opt-in (consent version 2025-01)",
      'Opt-in confirmation: delivered. "You are subscribed"',
      "Opted out in their own words",
    ]);
  });

  it("shows more subscribers on request, by keyboard, counting all of them", async () => {
    const user = userEvent.setup();
    stubApi([subscriber({})], 200, [
      subscriber({ id: "s2", phone: "+14255550199", status: "unsubscribed" }),
    ]);
    renderPage();
    expect(await screen.findByText("1 subscribed, 1 unsubscribed (showing 1)")).toBeTruthy();
    const button = screen.getByRole("button", { name: "Show more subscribers" });
    button.focus();
    await user.keyboard("{Enter}");
    const table = screen.getByRole("table");
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(3));
    expect(screen.getByText("1 subscribed, 1 unsubscribed")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show more subscribers" })).toBeNull();
    // Focus is on the first row just shown (its row header), not lost with the button.
    expect(document.activeElement).toBe(
      within(table).getByRole("rowheader", { name: "(425) 555-0199" }),
    );
  });

  it("says when nobody has subscribed", async () => {
    stubApi([]);
    renderPage();
    expect(await screen.findByText("No one has subscribed yet.")).toBeTruthy();
  });

  it("shows an alert when the list cannot be loaded", async () => {
    stubApi(500);
    renderPage();
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Could not load the subscribers. Please try again.",
    );
  });

  it("when locked, shows the lock screen in place and loads nothing else", async () => {
    const fetchMock = stubApi([], 401);
    renderPage();
    expect(await screen.findByLabelText("Password")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("SMS subscribers");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("link", { name: "Export CSV" })).toBeNull();
  });
});
