// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ContactMessageRecord } from "#common/contact";
import { jsonResponse } from "~/lib/test-fetch";
import { renderStaffPage } from "../shell/test-support";
import { NEWEST_MESSAGES, NewestMessages } from "./NewestMessages";

function message(id: number, overrides: Partial<ContactMessageRecord> = {}): ContactMessageRecord {
  return {
    id: `00000000-0000-4000-8000-00000000000${id}`,
    firstName: "Avery",
    lastName: "Quill",
    email: "avery@example.org",
    message: `Question number ${id}\nwith a second line`,
    course: null,
    createdAt: `2025-06-0${id}T12:00:00.000Z`,
    status: "sent",
    spamReason: null,
    attempts: 1,
    lastError: null,
    nextAttemptAt: null,
    deliveredAt: `2025-06-0${id}T12:00:01.000Z`,
    ...overrides,
  };
}

function stubMessages(answer: () => Response) {
  const urls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      urls.push(url);
      if (url === "/api/session") return jsonResponse(200, { admin: true });
      if (url.startsWith("/api/admin/messages")) return answer();
      throw new Error(`unexpected request ${url}`);
    }),
  );
  return urls;
}

afterEach(() => vi.unstubAllGlobals());

describe("the staff home's newest messages", () => {
  it("asks for the newest few and shows each sender, time and first line, with a link to the inbox", async () => {
    const urls = stubMessages(() =>
      jsonResponse(200, {
        messages: [message(2, { firstName: "Rowan", lastName: "Finch" }), message(1)],
        nextBefore: null,
      }),
    );
    renderStaffPage("/admin", <NewestMessages />);
    const section = await screen.findByRole("region", { name: "Newest messages" });
    const items = await within(section).findAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Rowan Finch, .+: Question number 2$/),
      expect.stringMatching(/^Avery Quill, .+: Question number 1$/),
    ]);
    expect(urls).toContain(`/api/admin/messages?limit=${NEWEST_MESSAGES}`);
    expect(within(section).getByRole("link", { name: "All messages" }).getAttribute("href")).toBe(
      "/admin/messages",
    );
  });

  it("says when there are none, and alerts when they cannot be loaded", async () => {
    stubMessages(() => jsonResponse(200, { messages: [], nextBefore: null }));
    const first = renderStaffPage("/admin", <NewestMessages />);
    expect(await screen.findByText("No messages yet.")).toBeTruthy();
    first.unmount();

    stubMessages(() => jsonResponse(500, { error: { code: "internal", message: "x" } }));
    renderStaffPage("/admin", <NewestMessages />);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Could not load the messages. Please try again.",
    );
  });
});
