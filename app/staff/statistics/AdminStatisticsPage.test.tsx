// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StatisticsReport } from "#common/statistics";
import { jsonResponse } from "~/lib/test-fetch";
import { renderStaffPage } from "../shell/test-support";
import { AdminStatisticsPage } from "./AdminStatisticsPage";
import { addDays } from "#common/statistics";
import { changeOf, rangeOf, siteToday } from "./periods";
import { WIDTH_SWITCHING_PATHS } from "#common/page-names";
import { FIXED_REDIRECTS, VARIANT_REDIRECTS } from "~/route-paths";

function reportFor(from: string, to: string): StatisticsReport {
  return {
    from,
    to,
    totals: { visitors: 15, views: 40 },
    previous: { visitors: 10, views: 40 },
    days: [
      { date: from, visitors: 5, views: 10 },
      { date: to, visitors: 10, views: 30 },
    ],
    pages: [{ page: "About", path: "/about-desktop", views: 25, visitors: 9 }],
    sources: [{ source: "news.example.com", visitors: 4 }],
    campaigns: [],
    devices: [{ device: "phone", visitors: 6 }],
    goals: [
      { goal: "contact", count: 2 },
      { goal: "sms", count: 0 },
      { goal: "calendar", count: 1 },
    ],
    missing: [{ path: "/old-page", count: 3, lastSource: "" }],
  };
}

function stubApi() {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === "/api/session") {
        return jsonResponse(200, {
          admin: true,
          user: { id: "o1", email: "owner@example.org", name: "Owner", role: "owner" },
        });
      }
      asked.push(url);
      const query = new URL(url, "http://localhost").searchParams;
      return jsonResponse(200, reportFor(query.get("from")!, query.get("to")!));
    }),
  );
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A zone whose day is not the test runner's at NOON_UTC, whatever the runner's zone. */
const SITE_ZONE = "Pacific/Kiritimati";
/** 02:00 on 29 November in SITE_ZONE; 28 November from UTC-10 to UTC+13. */
const NOON_UTC = "2026-11-28T12:00:00Z";

describe("the pages the statistics leave out", () => {
  it("are exactly the route table's width-switching addresses", () => {
    expect([...WIDTH_SWITCHING_PATHS].sort()).toEqual(
      [...Object.keys(VARIANT_REDIRECTS), ...Object.keys(FIXED_REDIRECTS)].sort(),
    );
  });
});

describe("periods", () => {
  it("ends every period today and compares with the period before", () => {
    expect(rangeOf("7d", "2026-11-28")).toEqual({ from: "2026-11-22", to: "2026-11-28" });
    expect(rangeOf("30d", "2026-11-28")).toEqual({ from: "2026-10-30", to: "2026-11-28" });
    expect(rangeOf("12m", "2026-11-28")).toEqual({ from: "2025-11-29", to: "2026-11-28" });
    expect(changeOf(15, 10)).toBe("up 50%");
    expect(changeOf(5, 10)).toBe("down 50%");
    expect(changeOf(10, 10)).toBe("no change");
    expect(changeOf(3, 0)).toBe("new");
  });

  it("end today in the site's time zone, not the browser's", () => {
    const instant = Date.parse(NOON_UTC);
    expect(siteToday(SITE_ZONE, instant)).toBe("2026-11-29");
    expect(siteToday("America/Los_Angeles", instant)).toBe("2026-11-28");
  });
});

describe("AdminStatisticsPage", () => {
  it("shows the last 7 days: totals with their change, the chart beside its table, every table", async () => {
    const asked = stubApi();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(NOON_UTC));
    renderStaffPage("/admin/statistics", <AdminStatisticsPage timeZone={SITE_ZONE} />);
    const today = "2026-11-29";
    const from = addDays(today, -6);
    expect(await screen.findByText(`${from} to ${today}`)).toBeTruthy();
    expect(asked[0]).toBe(`/api/statistics?from=${from}&to=${today}`);
    expect(screen.getByText("up 50% on the 7 days before (10)")).toBeTruthy();
    expect(screen.getByText("no change on the 7 days before (40)")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Visitors and views per day" })).toBeTruthy();
    const days = screen.getByRole("table", { name: "Visitors and views per day" });
    expect(
      within(days)
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([`${from}510`, `${today}1030`]);
    const pages = screen.getByRole("table", { name: "Pages" });
    expect(within(pages).getByRole("rowheader", { name: "About" })).toBeTruthy();
    expect(
      within(screen.getByRole("table", { name: "Goals" })).getByText("Contact messages sent"),
    ).toBeTruthy();
    expect(within(screen.getByRole("table", { name: "Devices" })).getByText("Phone")).toBeTruthy();
    expect(
      within(screen.getByRole("table", { name: "Missing pages" })).getByText("/old-page"),
    ).toBeTruthy();
    expect(screen.getByText("None in this period.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(
      `/api/statistics.csv?from=${from}&to=${today}`,
    );
    const nav = screen.getByRole("navigation", { name: "Staff pages" });
    expect(within(nav).getByRole("link", { name: "Statistics" }).getAttribute("aria-current")).toBe(
      "page",
    );
  });

  it("asks the chosen period: 12 months, or dates staff choose", async () => {
    const asked = stubApi();
    const { user } = renderStaffPage(
      "/admin/statistics",
      <AdminStatisticsPage timeZone="America/Los_Angeles" />,
    );
    await screen.findByRole("table", { name: "Pages" });
    await user.click(screen.getByRole("radio", { name: "Last 12 months" }));
    const { from, to } = rangeOf("12m", siteToday("America/Los_Angeles"));
    await vi.waitFor(() => expect(asked.at(-1)).toBe(`/api/statistics?from=${from}&to=${to}`));
    await user.click(screen.getByRole("radio", { name: "Chosen dates" }));
    const fromInput = screen.getByLabelText("From");
    const toInput = screen.getByLabelText("To");
    await user.clear(fromInput);
    await user.type(fromInput, "2026-11-10");
    await user.clear(toInput);
    await user.type(toInput, "2026-11-01");
    await user.click(screen.getByRole("button", { name: "Show" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Choose a start date and an end date on or after it.",
    );
    await user.clear(toInput);
    await user.type(toInput, "2026-11-12");
    await user.click(screen.getByRole("button", { name: "Show" }));
    await vi.waitFor(() =>
      expect(asked.at(-1)).toBe("/api/statistics?from=2026-11-10&to=2026-11-12"),
    );
  });
});
