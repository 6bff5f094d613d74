// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AuditEntry } from "#common/audit";
import { FORBIDDEN_MESSAGES } from "#common/staff-access";
import { jsonResponse } from "~/lib/test-fetch";
import { renderStaffPage } from "../shell/test-support";
import { AdminAuditPage } from "./AdminAuditPage";

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: "a1",
  at: "2026-11-20T09:30:00.000Z",
  accountId: "o1",
  actor: "owner@example.org",
  action: "content.publish",
  target: "about/about-1",
  detail: null,
  clientAddress: "203.0.113.5",
  ...overrides,
});

/** Answers GET /api/session as the owner and the audit pages; records the audit URLs asked. */
function stubApi(answer: (url: string) => Response) {
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
      return answer(url);
    }),
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe("AdminAuditPage", () => {
  it("lists entries newest first with time, person, action, what and address", async () => {
    stubApi(() =>
      jsonResponse(200, {
        entries: [
          entry({}),
          entry({ id: "a2", action: "sign-in.failed", actor: "nobody@example.org", target: null }),
        ],
        nextBefore: null,
      }),
    );
    renderStaffPage("/admin/audit", <AdminAuditPage />);
    const table = await screen.findByRole("table", { name: "Audit log, newest first" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      within(rows[0]!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["owner@example.org", "Published content", "about/about-1", "203.0.113.5"]);
    expect(within(rows[1]!).getByText("Failed sign-in")).toBeTruthy();
    // The audit log is one of the owner's pages in the navigation.
    const nav = screen.getByRole("navigation", { name: "Staff pages" });
    expect(within(nav).getByRole("link", { name: "Audit log" }).getAttribute("aria-current")).toBe(
      "page",
    );
  });

  it("filters by action and person, and exports what the filters keep", async () => {
    const asked = stubApi(() => jsonResponse(200, { entries: [], nextBefore: null }));
    const { user } = renderStaffPage("/admin/audit", <AdminAuditPage />);
    expect(await screen.findByText("No entries match.")).toBeTruthy();
    await user.selectOptions(screen.getByLabelText("Action"), "Failed sign-in");
    await user.type(screen.getByLabelText("Person (part of the email)"), "nobody");
    await user.click(screen.getByRole("button", { name: "Show entries" }));
    await vi.waitFor(() =>
      expect(asked.at(-1)).toBe("/api/audit?action=sign-in.failed&actor=nobody&limit=50"),
    );
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(
      "/api/audit.csv?action=sign-in.failed&actor=nobody",
    );
    expect(asked[0]).toBe("/api/audit?limit=50");
  });

  it("shows the server's reason when the role may not read it", async () => {
    stubApi(() =>
      jsonResponse(403, { error: { code: "forbidden", message: FORBIDDEN_MESSAGES.audit } }),
    );
    renderStaffPage("/admin/audit", <AdminAuditPage />);
    expect((await screen.findByRole("alert")).textContent).toBe(FORBIDDEN_MESSAGES.audit);
  });
});
