// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "~/lib/test-fetch";
import { renderStaffPage } from "../shell/test-support";
import { ACCOUNT_TEXT, AccountPage } from "./AccountPage";
import type { PendingInvitation, StaffMember } from "./api";
import { STAFF_TEXT, StaffPage } from "./StaffPage";

const OWNER = { id: "o1", email: "owner@example.org", name: "Olive Owner", role: "owner" } as const;
const member = (overrides: Partial<StaffMember>): StaffMember => ({
  id: "e1",
  email: "editor@example.org",
  name: "Eddie Editor",
  role: "editor",
  state: "active",
  createdAt: "2026-11-01T10:00:00.000Z",
  ...overrides,
});

/** The staff API in memory, as the owner sees it; records every call. */
function installServer() {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  let members: StaffMember[] = [member({ ...OWNER, state: "active" }), member({})];
  let invitations: PendingInvitation[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? "GET";
      const body = init.body ? JSON.parse(init.body as string) : undefined;
      calls.push({ method, url, body });
      if (url === "/api/session") return jsonResponse(200, { admin: true, user: OWNER });
      if (url === "/api/staff") return jsonResponse(200, members);
      if (url === "/api/account/sessions") return jsonResponse(200, []);
      if (url === "/api/staff/invitations" && method === "GET")
        return jsonResponse(200, invitations);
      if (url === "/api/staff/invitations") {
        const { email, role } = body as { email: string; role: "editor" };
        if (members.some((m) => m.email === email)) {
          const message = "An account with this email already exists";
          return jsonResponse(409, {
            error: { code: "email_taken", message, fields: { email: message } },
          });
        }
        const invitation = {
          id: "i1",
          email,
          role,
          createdAt: "x",
          expiresAt: "2026-12-01T10:00:00.000Z",
          sentBy: { id: OWNER.id, name: OWNER.name },
        };
        invitations = [invitation];
        return jsonResponse(201, invitation);
      }
      if (url === "/api/staff/invitations/i1") {
        invitations = [];
        return new Response(null, { status: 204 });
      }
      if (url === "/api/staff/e1" && method === "PATCH") {
        const { role, active } = body as { role?: StaffMember["role"]; active?: boolean };
        members = members.map((m) =>
          m.id === "e1"
            ? {
                ...m,
                ...(role ? { role } : {}),
                ...(active === undefined ? {} : { state: active ? "active" : "deactivated" }),
              }
            : m,
        );
        return jsonResponse(200, members[1]);
      }
      if (url === "/api/account/password") {
        const { currentPassword } = body as { currentPassword: string };
        if (currentPassword !== "correct horse battery staple") {
          const message = "The current password is not right";
          return jsonResponse(403, {
            error: { code: "incorrect_password", message, fields: { currentPassword: message } },
          });
        }
        return new Response(null, { status: 204 });
      }
      throw new Error(`unexpected ${method} ${url}`);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe("the Staff page", () => {
  it("invites by email and role, lists and revokes the invitation, and names a refused address", async () => {
    const calls = installServer();
    const { user } = renderStaffPage("/admin/staff", <StaffPage />);
    await screen.findByText(STAFF_TEXT.noPending);
    await user.type(screen.getByLabelText("Email"), "new@example.org");
    await user.selectOptions(screen.getByLabelText("Role"), "Contributor");
    await user.click(screen.getByRole("button", { name: STAFF_TEXT.invite }));
    const revoke = await screen.findByRole("button", {
      name: "Revoke the invitation to new@example.org",
    });
    expect(calls).toContainEqual({
      method: "POST",
      url: "/api/staff/invitations",
      body: { email: "new@example.org", role: "contributor" },
    });
    // Each pending invitation names who sent it.
    expect(revoke.closest("li")!.textContent).toMatch(
      /^new@example\.org, Contributor, sent by Olive Owner, until /,
    );
    await user.click(revoke);
    expect(await screen.findByText(STAFF_TEXT.noPending)).toBeTruthy();

    const email = screen.getByLabelText("Email");
    await user.type(email, "editor@example.org");
    await user.click(screen.getByRole("button", { name: STAFF_TEXT.invite }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "An account with this email already exists",
    );
    expect(email.getAttribute("aria-invalid")).toBe("true");
  });

  it("changes a role and deactivates; the owner's row and one's own offer no controls", async () => {
    const calls = installServer();
    const { user } = renderStaffPage("/admin/staff", <StaffPage />);
    const table = await screen.findByRole("table", { name: "Every account, the owner first" });
    const [ownerRow, editorRow] = within(table).getAllByRole("row").slice(1);
    expect(within(ownerRow!).queryByRole("combobox")).toBeNull();
    expect(within(ownerRow!).queryByRole("button")).toBeNull();
    await user.selectOptions(
      within(editorRow!).getByLabelText("Role of Eddie Editor"),
      "Administrator",
    );
    await user.click(within(editorRow!).getByRole("button", { name: "Deactivate Eddie Editor" }));
    expect(
      await within(table).findByRole("button", { name: "Reactivate Eddie Editor" }),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === "PATCH").map((call) => call.body)).toEqual([
      { role: "administrator" },
      { active: false },
    ]);
  });
});

describe("the Your account page", () => {
  it("changes the password with the current one, naming a wrong one at its field", async () => {
    installServer();
    const { user } = renderStaffPage("/admin/account", <AccountPage />);
    expect(await screen.findByText("You sign in as owner@example.org (owner).")).toBeTruthy();
    const current = screen.getByLabelText(ACCOUNT_TEXT.currentPassword);
    await user.type(current, "not it");
    await user.type(screen.getByLabelText(ACCOUNT_TEXT.newPassword), "a long unusual passphrase");
    await user.click(screen.getByRole("button", { name: ACCOUNT_TEXT.changePassword }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The current password is not right",
    );
    expect(document.activeElement).toBe(current);
    await user.clear(current);
    await user.type(current, "correct horse battery staple");
    await user.click(screen.getByRole("button", { name: ACCOUNT_TEXT.changePassword }));
    expect(await screen.findByText(ACCOUNT_TEXT.passwordChanged)).toBeTruthy();
  });
});
