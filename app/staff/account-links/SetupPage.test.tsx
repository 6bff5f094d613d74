// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, expect, it, vi } from "vitest";
import { jsonResponse } from "~/lib/test-fetch";
import { SETUP_TEXT, SetupPage } from "./SetupPage";

const TOKEN = "a".repeat(43);

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The setup API as the server answers it: the link works once. */
function installServer() {
  const requests: Array<{ method: string; url: string; body: unknown }> = [];
  let used = false;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      const body = init.body ? JSON.parse(init.body as string) : undefined;
      requests.push({ method, url: String(input), body });
      if (used) return jsonResponse(410, { error: { code: "gone", message: "gone" } });
      if (method === "GET") return new Response(null, { status: 204 });
      const { password } = body as { password: string };
      if (password === "password1234") {
        const message = "This password is too common; choose one that is not a well-known password";
        return jsonResponse(400, {
          error: { code: "invalid_input", message, fields: { password: message } },
        });
      }
      used = true;
      return jsonResponse(201, {
        user: { id: "1", email: "a@example.org", name: "A", role: "owner" },
      });
    }),
  );
  return requests;
}

function renderSetup() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[`/admin/setup/${TOKEN}`]}>
      <Routes>
        <Route path="/admin/setup/:token" element={<SetupPage token={TOKEN} />} />
        <Route path="/admin" element={<p>Staff pages</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return user;
}

it("asks Email, Name and Password, names a refused password at its field, then opens the staff pages", async () => {
  const requests = installServer();
  const user = renderSetup();
  expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(SETUP_TEXT.heading);
  const email = await screen.findByLabelText("Email");
  await user.click(screen.getByRole("button", { name: SETUP_TEXT.submit }));
  expect((await screen.findByRole("alert")).textContent).toBe("Email is required");
  expect(document.activeElement).toBe(email);
  expect(requests).toHaveLength(1);

  await user.type(email, "first@example.org");
  await user.type(screen.getByLabelText("Name"), "First Owner");
  const password = screen.getByLabelText("Password");
  expect(password.getAttribute("aria-describedby")).toContain(
    screen.getByText(SETUP_TEXT.passwordHint).id,
  );
  await user.type(password, "short");
  await user.click(screen.getByRole("button", { name: SETUP_TEXT.submit }));
  expect((await screen.findByRole("alert")).textContent).toBe(
    "Password must be at least 12 characters",
  );
  await user.clear(password);
  await user.type(password, "password1234");
  await user.click(screen.getByRole("button", { name: SETUP_TEXT.submit }));
  expect((await screen.findByRole("alert")).textContent).toMatch(/too common/);
  expect(document.activeElement).toBe(password);
  expect(password.getAttribute("aria-invalid")).toBe("true");

  await user.clear(password);
  await user.type(password, "a sound and original passphrase");
  await user.click(screen.getByRole("button", { name: SETUP_TEXT.submit }));
  expect(await screen.findByText("Staff pages")).toBeTruthy();
  expect(requests.at(-1)).toEqual({
    method: "POST",
    url: `/api/setup/${TOKEN}`,
    body: {
      email: "first@example.org",
      name: "First Owner",
      password: "a sound and original passphrase",
    },
  });
});

it("says so when the link was used or has expired", async () => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => jsonResponse(410, { error: { code: "gone", message: "gone" } })),
  );
  renderSetup();
  expect((await screen.findByRole("alert")).textContent).toBe(SETUP_TEXT.gone);
  expect(screen.queryByLabelText("Password")).toBeNull();
});
