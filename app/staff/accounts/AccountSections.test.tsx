// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useStaffSession } from "~/components/staff";
import { jsonResponse } from "~/lib/test-fetch";
import type { OwnSession } from "#common/account-sessions-schemas";
import { renderStaffPage } from "../shell/test-support";
import { EMAIL_TEXT, EmailSection } from "./EmailSection";
import { SESSIONS_TEXT, SessionsSection } from "./SessionsSection";

const USER = { id: "e1", email: "editor@example.org", name: "Eddie Editor", role: "editor" };
const session = (overrides: Partial<OwnSession>): OwnSession => ({
  id: "a".repeat(32),
  device: "Chrome on Linux",
  clientAddress: "192.0.2.1",
  createdAt: "2026-11-27T09:00:00.000Z",
  lastSeenAt: "2026-11-27T09:30:00.000Z",
  current: true,
  ...overrides,
});

/** The account API in memory; records every call. */
function installServer() {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  let sessions = [
    session({}),
    session({ id: "b".repeat(32), device: "Safari on iPhone", current: false }),
    session({
      id: "c".repeat(32),
      device: "Firefox on Windows",
      current: false,
      clientAddress: null,
    }),
  ];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? "GET";
      const body = init.body ? JSON.parse(init.body as string) : undefined;
      calls.push({ method, url, body });
      if (url === "/api/session") return jsonResponse(200, { admin: true, user: USER });
      if (url === "/api/account/sessions" && method === "GET") return jsonResponse(200, sessions);
      if (url.startsWith("/api/account/sessions/") && method === "DELETE") {
        const id = url.split("/").pop();
        sessions = sessions.filter((s) => s.id !== id);
        return new Response(null, { status: 204 });
      }
      if (url === "/api/account/sessions/end-others") {
        const ended = sessions.filter((s) => !s.current).length;
        sessions = sessions.filter((s) => s.current);
        return jsonResponse(200, { ended });
      }
      if (url === "/api/account/email") {
        const { email, currentPassword } = body as { email: string; currentPassword: string };
        if (currentPassword !== "correct horse battery staple") {
          const message = "The current password is not right";
          return jsonResponse(403, {
            error: { code: "incorrect_password", message, fields: { currentPassword: message } },
          });
        }
        return jsonResponse(200, { ...USER, email, state: "active", createdAt: "x" });
      }
      throw new Error(`unexpected ${method} ${url}`);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe("Your account's sessions", () => {
  it("lists each with its device, address and times, marks this device, ends one and the others", async () => {
    const calls = installServer();
    const { user } = renderStaffPage("/admin/account", <SessionsSection />);
    const list = await screen.findByRole("list", { name: SESSIONS_TEXT.heading });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => item.querySelector("p")?.textContent)).toEqual([
      "Chrome on Linux (This device)",
      "Safari on iPhone",
      "Firefox on Windows",
    ]);
    expect(items[0]!.textContent).toContain("192.0.2.1");
    expect(items[2]!.textContent).toContain(SESSIONS_TEXT.noAddress);
    expect(items[0]!.querySelector("time")?.getAttribute("dateTime")).toBe(
      "2026-11-27T09:00:00.000Z",
    );

    await user.click(screen.getByRole("button", { name: SESSIONS_TEXT.end("Safari on iPhone") }));
    expect(await screen.findByText(SESSIONS_TEXT.ended("Safari on iPhone"))).toBeTruthy();
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(document.activeElement?.textContent).toBe(SESSIONS_TEXT.heading);

    await user.click(screen.getByRole("button", { name: SESSIONS_TEXT.endOthers }));
    expect(await screen.findByText(SESSIONS_TEXT.othersEnded(1))).toBeTruthy();
    expect(await screen.findByText(SESSIONS_TEXT.noOthers)).toBeTruthy();
    expect(calls.filter((c) => c.method !== "GET").map((c) => `${c.method} ${c.url}`)).toEqual([
      `DELETE /api/account/sessions/${"b".repeat(32)}`,
      "POST /api/account/sessions/end-others",
    ]);
  });
});

/** What any staff page reads of the signed-in person (AccountPage's "You sign in as …"). */
function SignedInAs() {
  const { user } = useStaffSession();
  return <p data-testid="signed-in-as">{user?.email}</p>;
}

describe("Your account's email", () => {
  it("asks for the password again, naming a wrong one at its field, then changes it", async () => {
    const calls = installServer();
    const { user } = renderStaffPage(
      "/admin/account",
      <>
        <SignedInAs />
        <EmailSection />
      </>,
    );
    const email = await screen.findByLabelText(EMAIL_TEXT.email);
    expect((email as HTMLInputElement).value).toBe("editor@example.org");
    await user.clear(email);
    await user.type(email, "moved@example.org");
    await user.click(screen.getByRole("button", { name: EMAIL_TEXT.change }));
    const current = screen.getByLabelText(EMAIL_TEXT.currentPassword);
    expect((await screen.findByRole("alert")).textContent).toBe("Current password is required");
    expect(document.activeElement).toBe(current);

    await user.type(current, "not it");
    await user.click(screen.getByRole("button", { name: EMAIL_TEXT.change }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The current password is not right",
    );
    expect(current.getAttribute("aria-invalid")).toBe("true");
    await user.clear(current);
    await user.type(current, "correct horse battery staple");
    await user.click(screen.getByRole("button", { name: EMAIL_TEXT.change }));
    expect(await screen.findByText(EMAIL_TEXT.changed("moved@example.org"))).toBeTruthy();
    expect(calls.filter((c) => c.url === "/api/account/email")).toHaveLength(2);
    // Every part of the staff pages that names the signed-in person shows the new address.
    expect(screen.getByTestId("signed-in-as").textContent).toBe("moved@example.org");
  });
});
