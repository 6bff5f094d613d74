// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Redirect } from "#common/redirects";
import { jsonResponse } from "~/lib/test-fetch";
import { renderStaffPage } from "../shell/test-support";
import { AdminRedirectsPage } from "./AdminRedirectsPage";

const existing: Redirect = { id: "r1", from: "/old", to: "/about-desktop", hits: 4 };

function stubApi() {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      if (url === "/api/session") {
        return jsonResponse(200, {
          admin: true,
          user: { id: "o1", email: "owner@example.org", name: "Owner", role: "owner" },
        });
      }
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, string>) : {};
      calls.push({ method, url, body });
      if (method === "GET") return jsonResponse(200, [existing]);
      if (method === "DELETE") return new Response(null, { status: 204 });
      if (body["to"] === "https://elsewhere.example.com/") {
        const message = "to must be a page of this site, such as /about-desktop";
        return jsonResponse(400, {
          error: { code: "invalid_input", message, fields: { to: message } },
        });
      }
      return jsonResponse(201, { id: "r2", from: body["from"], to: body["to"], hits: 0 });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe("AdminRedirectsPage", () => {
  it("lists redirects with their hits, adds one from a missing page, and removes one", async () => {
    const calls = stubApi();
    const { user } = renderStaffPage("/admin/redirects", <AdminRedirectsPage />, "?from=/gone");
    const table = await screen.findByRole("table", { name: "Redirects" });
    expect(within(table).getByRole("rowheader", { name: "/old" })).toBeTruthy();
    expect(within(table).getByText("4")).toBeTruthy();
    // Opened from a missing page: From is filled in, the target is all that is left.
    const from = screen.getByLabelText(/^From/) as HTMLInputElement;
    const to = screen.getByLabelText(/^To/);
    expect(from.value).toBe("/gone");

    await user.type(to, "https://elsewhere.example.com/");
    await user.click(screen.getByRole("button", { name: "Add redirect" }));
    expect(
      await screen.findByText("to must be a page of this site, such as /about-desktop"),
    ).toBeTruthy();
    expect(to.getAttribute("aria-invalid")).toBe("true");

    await user.clear(to);
    await user.type(to, "/events");
    await user.click(screen.getByRole("button", { name: "Add redirect" }));
    expect(await within(table).findByRole("rowheader", { name: "/gone" })).toBeTruthy();
    expect(calls.at(-1)).toEqual({
      method: "POST",
      url: "/api/redirects",
      body: { from: "/gone", to: "/events" },
    });

    await user.click(screen.getByRole("button", { name: "Remove the redirect from /old" }));
    await vi.waitFor(() =>
      expect(within(table).queryByRole("rowheader", { name: "/old" })).toBeNull(),
    );
    expect(calls.at(-1)).toMatchObject({ method: "DELETE", url: "/api/redirects/r1" });
  });
});
