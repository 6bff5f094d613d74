// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { useEffect } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useStaffSession } from "~/components/staff";
import { ApiError } from "~/lib/api";
import { jsonResponse } from "~/lib/test-fetch";
import type { SessionUser } from "#common/staff-access";
import { FORBIDDEN_MESSAGES } from "#common/staff-access";
import type { AdminPath } from "~/route-paths";
import { SESSION_HINT_KEY } from "./session-hint";
import { REMEMBERED_EMAIL_KEY } from "./UnlockForm";
import { renderStaffPages, TEST_STAFF_EMAIL } from "./test-support";

const PASSWORD = "correct horse battery staple";

/** The server's session API in memory, installed as `fetch`; records every request. */
class FakeSession {
  loggedIn = false;
  /** Who GET /api/session names (nobody named: the shell leaves the role to the server). */
  user: SessionUser | undefined = undefined;
  failLogout = false;
  readonly requests: string[] = [];

  install(): this {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const method = init.method ?? "GET";
        this.requests.push(`${method} ${String(input)}`);
        if (String(input) !== "/api/session") throw new Error(`unexpected ${String(input)}`);
        if (method === "POST") {
          const { email, password } = JSON.parse(init.body as string) as {
            email: string;
            password: string;
          };
          if (password !== PASSWORD || email !== TEST_STAFF_EMAIL) {
            return jsonResponse(401, { error: { code: "x", message: "Incorrect password" } });
          }
          this.loggedIn = true;
          return new Response(null, { status: 204 });
        }
        if (method === "DELETE") {
          if (this.failLogout) return jsonResponse(503, { error: { code: "x", message: "x" } });
          this.loggedIn = false;
          return new Response(null, { status: 204 });
        }
        return this.loggedIn
          ? jsonResponse(200, { admin: true, ...(this.user ? { user: this.user } : {}) })
          : jsonResponse(401, { error: { code: "x", message: "Not logged in" } });
      }),
    );
    return this;
  }
}

const mounted: string[] = [];

/** A staff page that holds typed text and can report an ended session, as real pages do. */
function FakePage({ name }: { name: string }) {
  const { onUnauthorized, handleAuthError } = useStaffSession();
  useEffect(() => {
    mounted.push(name);
  }, [name]);
  return (
    <section aria-label={`${name} body`}>
      <label>
        Draft note
        <input name="draft" />
      </label>
      <button type="button" onClick={onUnauthorized}>
        Pretend an API call answered 401
      </button>
      <button
        type="button"
        onClick={() =>
          handleAuthError(new ApiError(403, FORBIDDEN_MESSAGES.publishing, { code: "forbidden" }))
        }
      >
        Pretend an API call answered 403
      </button>
    </section>
  );
}

const PAGES: Partial<Record<AdminPath, React.ReactElement>> = {
  "/admin": <FakePage name="home" />,
  "/admin/updates": <FakePage name="updates" />,
  "/admin/updates-desktop": <FakePage name="updates-desktop" />,
  "/admin/messages": <FakePage name="messages" />,
  "/admin/subscribers": <FakePage name="subscribers" />,
  "/admin/texts": <FakePage name="texts" />,
  "/admin/content": <FakePage name="content" />,
  "/admin/media": <FakePage name="media" />,
  "/admin/statistics": <FakePage name="statistics" />,
  "/admin/redirects": <FakePage name="redirects" />,
  "/admin/audit": <FakePage name="audit" />,
  "/admin/staff": <FakePage name="staff" />,
  "/admin/account": <FakePage name="account" />,
};

let server: FakeSession;

beforeEach(() => {
  server = new FakeSession().install();
  window.sessionStorage.clear();
  mounted.length = 0;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function heading(): HTMLElement {
  return screen.getByRole("heading", { level: 1 });
}

function nav(): HTMLElement {
  return screen.getByRole("navigation", { name: "Staff pages" });
}

async function unlock(user: ReturnType<typeof renderStaffPages>["user"]) {
  await user.type(await screen.findByLabelText("Password"), PASSWORD);
  await user.click(screen.getByRole("button", { name: "Unlock" }));
  await screen.findByRole("button", { name: "Logout" });
}

describe("opening a staff page while locked", () => {
  it.each([
    ["/admin/updates", "Site updates"],
    ["/admin/updates-desktop", "Site updates"],
    ["/admin/messages", "Messages"],
    ["/admin/subscribers", "SMS subscribers"],
    ["/admin/content", "Content"],
  ] as const)("%s shows its heading and the lock screen, not the page", async (path, title) => {
    renderStaffPages(path, PAGES);
    expect(screen.getByRole("status").textContent).toBe("Checking your session…");
    expect(await screen.findByLabelText("Password")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Unlock" })).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual([title]);
    expect(screen.getByRole("main").id).toBe("main");
    expect(screen.queryByRole("navigation", { name: "Staff pages" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Logout" })).toBeNull();
    expect(screen.queryByLabelText("Draft note")).toBeNull();
    expect(mounted).toEqual([]);
    // Opening a page does not take the focus from where the browser put it.
    expect(document.activeElement).toBe(document.body);
    expect(server.requests).toEqual(["GET /api/session"]);
  });

  it("says it is restoring when the browser's session flag is set", async () => {
    window.sessionStorage.setItem(SESSION_HINT_KEY, "1");
    server.loggedIn = true;
    renderStaffPages("/admin/messages", PAGES);
    expect((await screen.findByRole("status")).textContent).toBe("Restoring your session…");
    expect(await screen.findByLabelText("Draft note")).toBeTruthy();
    expect(screen.queryByLabelText("Password")).toBeNull();
  });

  it("asks Email, Password and Unlock; a missing email is named without a request", async () => {
    const again = renderStaffPages("/admin/subscribers", PAGES);
    const email = await screen.findByLabelText("Email");
    // The address last signed in with in this tab is kept (the helper stored it), never the password.
    expect((email as HTMLInputElement).value).toBe(TEST_STAFF_EMAIL);
    expect(window.sessionStorage.getItem(REMEMBERED_EMAIL_KEY)).toBe(TEST_STAFF_EMAIL);
    await again.user.clear(email);
    await again.user.type(screen.getByLabelText("Password"), PASSWORD);
    await again.user.click(screen.getByRole("button", { name: "Unlock" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Email is required");
    expect(document.activeElement).toBe(email);
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(server.requests).toEqual(["GET /api/session"]);
    await again.user.type(email, "Owner@example.org ");
    await again.user.click(screen.getByRole("button", { name: "Unlock" }));
    // Sent trimmed; the server compares addresses case-insensitively (this fake does not).
    expect((await screen.findByRole("alert")).textContent).toBe("Incorrect password");
    expect(server.requests.at(-1)).toBe("POST /api/session");
  });

  it("refuses a wrong password with 'Incorrect password' and stays on the page", async () => {
    const { user } = renderStaffPages("/admin/subscribers", PAGES);
    await user.type(await screen.findByLabelText("Password"), "wrong");
    await user.click(screen.getByRole("button", { name: "Unlock" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Incorrect password");
    expect(document.activeElement).toBe(screen.getByLabelText("Password"));
    expect(heading().textContent).toBe("SMS subscribers");
    expect(mounted).toEqual([]);
  });
});

describe("unlocked", () => {
  it("unlocks in place: the page appears, the h1 takes the focus, the flag is set", async () => {
    const { user } = renderStaffPages("/admin/messages", PAGES);
    await unlock(user);
    expect(heading().textContent).toBe("Messages");
    await waitFor(() => expect(document.activeElement).toBe(heading()));
    expect(screen.getByLabelText("Draft note")).toBeTruthy();
    expect(screen.queryByLabelText("Password")).toBeNull();
    expect(mounted).toEqual(["messages"]);
    expect(window.sessionStorage.getItem(SESSION_HINT_KEY)).toBe("1");
    // The second GET asks who unlocked (for the role), once.
    expect(server.requests).toEqual(["GET /api/session", "POST /api/session", "GET /api/session"]);
  });

  it("moves between every staff page without asking again, marking the current one", async () => {
    const { user } = renderStaffPages("/admin/updates", PAGES);
    await unlock(user);
    const links = within(nav()).getAllByRole("link");
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
    for (const [name, title] of [
      ["Messages", "Messages"],
      ["SMS subscribers", "SMS subscribers"],
      ["Content", "Content"],
      ["Media library", "Media library"],
      ["Statistics", "Statistics"],
      ["Redirects", "Redirects"],
      ["Audit log", "Audit log"],
      ["Staff", "Staff"],
      ["Your account", "Your account"],
      ["Site updates", "Site updates"],
      ["Home", "Home"],
    ] as const) {
      await user.click(within(nav()).getByRole("link", { name }));
      expect(heading().textContent).toBe(title);
      const current = within(nav())
        .getAllByRole("link")
        .filter((link) => link.getAttribute("aria-current") === "page");
      expect(current.map((link) => link.textContent)).toEqual([name]);
      // Focus goes to the new page's heading, so keyboard and screen-reader users know where they are.
      await waitFor(() => expect(document.activeElement).toBe(heading()));
      expect(screen.queryByLabelText("Password")).toBeNull();
    }
    expect(mounted).toEqual([
      "updates",
      "messages",
      "subscribers",
      "content",
      "media",
      "statistics",
      "redirects",
      "audit",
      "staff",
      "account",
      "updates",
      "home",
    ]);
    // The second GET asks who unlocked (for the role), once.
    expect(server.requests).toEqual(["GET /api/session", "POST /api/session", "GET /api/session"]);
  });

  it("marks Site updates as current under the -desktop name too", async () => {
    server.loggedIn = true;
    renderStaffPages("/admin/updates-desktop", PAGES);
    await screen.findByRole("button", { name: "Logout" });
    expect(
      within(nav()).getByRole("link", { name: "Site updates" }).getAttribute("aria-current"),
    ).toBe("page");
  });
});

describe("logout", () => {
  it.each(["/admin/updates", "/admin/messages", "/admin/subscribers", "/admin/content"] as const)(
    "from %s: locks in place, drops the page and moves focus to the password field",
    async (path) => {
      server.loggedIn = true;
      window.sessionStorage.setItem(SESSION_HINT_KEY, "1");
      const { user, container } = renderStaffPages(path, PAGES);
      await user.type(await screen.findByLabelText("Draft note"), "secret");
      await user.click(screen.getByRole("button", { name: "Logout" }));

      const password = await screen.findByLabelText("Password");
      await waitFor(() => expect(document.activeElement).toBe(password));
      expect(server.requests.at(-1)).toBe("DELETE /api/session");
      expect(server.loggedIn).toBe(false);
      expect(window.sessionStorage.getItem(SESSION_HINT_KEY)).toBeNull();
      expect(screen.queryByRole("button", { name: "Logout" })).toBeNull();
      // Nothing the page showed stays in the document.
      expect(container.querySelector('input[name="draft"]')).toBeNull();
      expect(screen.queryByText(/session has ended/)).toBeNull();
    },
  );

  it("stays unlocked and says so when logout fails", async () => {
    server.loggedIn = true;
    server.failLogout = true;
    const { user } = renderStaffPages("/admin/content", PAGES);
    await user.click(await screen.findByRole("button", { name: "Logout" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Failed to log out. Please try again.",
    );
    expect(screen.getByRole("button", { name: "Logout" })).toBeTruthy();
    expect(screen.getByLabelText("Draft note")).toBeTruthy();
  });
});

describe("a session that ends mid-use", () => {
  it("shows the lock screen in place and keeps what the page holds for after the unlock", async () => {
    server.loggedIn = true;
    const { user } = renderStaffPages("/admin/messages", PAGES);
    await user.type(await screen.findByLabelText("Draft note"), "half-written reply");
    server.loggedIn = false;
    await user.click(screen.getByRole("button", { name: "Pretend an API call answered 401" }));

    const password = await screen.findByLabelText("Password");
    await waitFor(() => expect(document.activeElement).toBe(password));
    const notice = screen.getByText(
      "Your session has ended. Enter the password to unlock the page again.",
    );
    expect(password.getAttribute("aria-describedby")).toBe(notice.id);
    expect(heading().textContent).toBe("Messages");
    // The page is hidden (out of sight, of the accessibility tree and of the Tab order)...
    expect(screen.queryByRole("region", { name: "messages body" })).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Staff pages" })).toBeNull();
    expect(window.sessionStorage.getItem(SESSION_HINT_KEY)).toBeNull();

    await user.type(password, PASSWORD);
    await user.keyboard("{Enter}");
    // ...and comes back as it was: the same page, never re-mounted, with the text typed.
    const draft = (await screen.findByLabelText("Draft note")) as HTMLInputElement;
    expect(draft.value).toBe("half-written reply");
    expect(mounted).toEqual(["messages"]);
    await waitFor(() => expect(document.activeElement).toBe(heading()));
    expect(screen.queryByText(/session has ended/)).toBeNull();
  });

  it("ignores a late 401 once the page is locked already", async () => {
    server.loggedIn = true;
    const { user } = renderStaffPages("/admin/updates", PAGES);
    const report = await screen.findByRole("button", { name: "Pretend an API call answered 401" });
    await user.click(screen.getByRole("button", { name: "Logout" }));
    await screen.findByLabelText("Password");
    report.click();
    expect(screen.queryByText(/session has ended/)).toBeNull();
  });
});

describe("roles", () => {
  const contributor: SessionUser = {
    id: "c1",
    email: "contributor@example.org",
    name: "Test Contributor",
    role: "contributor",
  };

  it("lists only the pages a contributor can use, and says so on the others", async () => {
    server.loggedIn = true;
    server.user = contributor;
    const { user } = renderStaffPages("/admin/updates", PAGES);
    await screen.findByLabelText("Draft note");
    const links = within(nav())
      .getAllByRole("link")
      .map((link) => link.textContent);
    expect(links).toEqual(["Home", "Site updates", "Content", "Media library", "Your account"]);

    await user.click(within(nav()).getByRole("link", { name: "Content" }));
    expect(heading().textContent).toBe("Content");
    expect(mounted).toEqual(["updates", "content"]);
    renderStaffPages("/admin/messages", PAGES);
    expect(
      await screen.findByText(
        "This page is not open to your role (Contributor). The navigation lists the pages you can use.",
      ),
    ).toBeTruthy();
    // The page itself never mounts, so it asks the server for nothing.
    expect(mounted).toEqual(["updates", "content"]);
  });

  it("shows the server's reason for a 403 and keeps the page as it was", async () => {
    server.loggedIn = true;
    server.user = contributor;
    const { user } = renderStaffPages("/admin/updates", PAGES);
    await user.type(await screen.findByLabelText("Draft note"), "kept");
    await user.click(screen.getByRole("button", { name: "Pretend an API call answered 403" }));
    expect((await screen.findByRole("alert")).textContent).toBe(FORBIDDEN_MESSAGES.publishing);
    expect((screen.getByLabelText("Draft note") as HTMLInputElement).value).toBe("kept");
    expect(screen.queryByLabelText("Password")).toBeNull();
  });
});
