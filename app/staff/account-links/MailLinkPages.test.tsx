// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "~/lib/test-fetch";
import { INVITATION_TEXT, InvitationPage } from "./InvitationPage";
import { RESET_TEXT, ResetPage, ResetRequestPage } from "./ResetPage";

const TOKEN = "b".repeat(43);
afterEach(() => vi.unstubAllGlobals());

/** Records each call; `answer` gives the response. */
function installServer(answer: (method: string, url: string, body: unknown) => Response) {
  const requests: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      const body = init.body ? JSON.parse(init.body as string) : undefined;
      requests.push({ method, url: String(input), body });
      return answer(method, String(input), body);
    }),
  );
  return requests;
}

function renderAt(path: string, element: ReactElement) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={path} element={element} />
        <Route path="/admin" element={<p>Staff pages</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return user;
}

describe("the invitation page", () => {
  it("names the invited email and role, asks a name and a password, then opens the staff pages", async () => {
    const requests = installServer((method) =>
      method === "GET"
        ? jsonResponse(200, { email: "new@example.org", role: "editor" })
        : jsonResponse(201, {
            user: { id: "2", email: "new@example.org", name: "N", role: "editor" },
          }),
    );
    const user = renderAt(`/admin/invitation/${TOKEN}`, <InvitationPage token={TOKEN} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(INVITATION_TEXT.heading);
    expect(
      await screen.findByText(/invited as editor with the email new@example.org/),
    ).toBeTruthy();
    await user.type(screen.getByLabelText("Name"), "New Editor");
    const password = screen.getByLabelText("New password");
    await user.type(password, "short");
    await user.click(screen.getByRole("button", { name: INVITATION_TEXT.submit }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Password must be at least 12 characters",
    );
    expect(document.activeElement).toBe(password);
    await user.clear(password);
    await user.type(password, "a sound and original passphrase");
    await user.click(screen.getByRole("button", { name: INVITATION_TEXT.submit }));
    expect(await screen.findByText("Staff pages")).toBeTruthy();
    expect(requests.at(-1)).toEqual({
      method: "POST",
      url: `/api/invitations/${TOKEN}`,
      body: { name: "New Editor", password: "a sound and original passphrase" },
    });
  });

  it("says so when the invitation is used, revoked or expired", async () => {
    installServer(() => jsonResponse(410, { error: { code: "gone", message: "gone" } }));
    renderAt(`/admin/invitation/${TOKEN}`, <InvitationPage token={TOKEN} />);
    expect((await screen.findByRole("alert")).textContent).toBe(INVITATION_TEXT.gone);
    expect(screen.queryByLabelText("New password")).toBeNull();
  });
});

describe("the password reset pages", () => {
  it("asks the email and answers the same whatever it is", async () => {
    const requests = installServer(() => new Response(null, { status: 202 }));
    const user = renderAt("/admin/reset", <ResetRequestPage />);
    await user.type(screen.getByLabelText("Email"), "someone@example.org");
    await user.click(screen.getByRole("button", { name: RESET_TEXT.requestSubmit }));
    expect((await screen.findByRole("status")).textContent).toBe(RESET_TEXT.requested);
    expect(requests).toEqual([
      { method: "POST", url: "/api/password-resets", body: { email: "someone@example.org" } },
    ]);
  });

  it("takes the new password from the mailed link, once", async () => {
    let used = false;
    installServer((method) => {
      if (used) return jsonResponse(410, { error: { code: "gone", message: "gone" } });
      if (method === "POST") used = true;
      return new Response(null, { status: 204 });
    });
    const user = renderAt(`/admin/reset/${TOKEN}`, <ResetPage token={TOKEN} />);
    await user.type(
      await screen.findByLabelText("New password"),
      "a sound and original passphrase",
    );
    await user.click(screen.getByRole("button", { name: RESET_TEXT.submit }));
    expect((await screen.findByRole("status")).textContent).toBe(RESET_TEXT.done);
    expect(screen.getByRole("link", { name: RESET_TEXT.signIn }).getAttribute("href")).toBe(
      "/admin",
    );
  });
});
