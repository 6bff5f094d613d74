// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SmsSubscriber } from "../../../common/sms";
import { jsonResponse } from "~/lib/test-fetch";
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

function stubApi(subscribers: SmsSubscriber[] | number, session = 200) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === "/api/session")
      return jsonResponse(
        session,
        session === 200 ? { admin: true } : { error: { code: "x", message: "x" } },
      );
    if (url === "/api/admin/sms/subscribers") {
      return typeof subscribers === "number"
        ? jsonResponse(subscribers, { error: { code: "x", message: "x" } })
        : jsonResponse(200, { subscribers });
    }
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderPage() {
  return render(
    <MemoryRouter initialEntries={["/admin/subscribers"]}>
      <AdminSubscribersPage />
    </MemoryRouter>,
  );
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

  it("when locked, links to the updates page and loads nothing else", async () => {
    const fetchMock = stubApi([], 401);
    renderPage();
    expect(
      await screen.findByRole("link", { name: "Unlock on the site updates page" }),
    ).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("link", { name: "Export CSV" })).toBeNull();
  });
});
