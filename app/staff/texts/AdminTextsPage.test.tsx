// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TextList, TextSummary } from "#common/texts";
import { jsonResponse } from "~/lib/test-fetch";
import { renderStaffPage } from "../shell/test-support";
import { AdminTextsPage } from "./AdminTextsPage";

const text = (overrides: Partial<TextSummary>): TextSummary => ({
  id: "t1",
  kind: "staff",
  body: "Commons Learning Design: Doors open at 6. Reply STOP to opt out",
  segments: 1,
  createdAt: "2026-12-02T20:00:00.000Z",
  createdBy: "Owner",
  sendAt: "2026-12-02T20:00:00.000Z",
  status: "sent",
  waitingUntil: null,
  recipients: 3,
  counts: { delivered: 2, failed: 1 },
  ...overrides,
});

function stubApi(list: TextList) {
  const posted: unknown[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === "/api/session") return jsonResponse(200, { admin: true });
    if (url === "/api/texts" && init?.method === "POST") {
      posted.push(JSON.parse(String(init.body)));
      return jsonResponse(201, {
        id: "t9",
        recipients: list.subscribers,
        segments: 1,
        status: "queued",
      });
    }
    if (url === "/api/texts") return jsonResponse(200, list);
    if (url === "/api/texts/replies")
      return jsonResponse(200, {
        replies: [
          {
            id: "r1",
            phone: "+12065550100",
            body: "What time?",
            receivedAt: "2026-12-02T21:00:00.000Z",
          },
        ],
      });
    if (url === "/api/texts/t2" && init?.method === "DELETE")
      return new Response(null, { status: 204 });
    throw new Error(`unexpected ${init?.method ?? "GET"} ${url}`);
  });
  vi.stubGlobal("fetch", fetchMock);
  return { fetchMock, posted };
}

describe("AdminTextsPage", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("counts characters and segments live, shows the text as it arrives, and confirms the count", async () => {
    // The organisation's published name, as the server gives it (not the seeded constant).
    const { posted } = stubApi({
      texts: [],
      subscribers: 12,
      programName: "Harbour Learning",
      sendHours: { from: "09:00", to: "20:00" },
    });
    renderStaffPage("/admin/texts", <AdminTextsPage />);
    const box = await screen.findByLabelText("Text");
    const user = userEvent.setup();
    await user.type(box, "Doors open at 6.");
    expect(screen.getByText(/characters, 1 segment \(GSM-7\)/)).toBeTruthy();
    expect(
      screen.getByText("Harbour Learning: Doors open at 6. Reply STOP to opt out"),
    ).toBeTruthy();
    expect(screen.getByText(/Goes to 12 subscribers/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Send..." }));
    const confirm = screen.getByRole("group", { name: "Send this text to 12 subscribers now?" });
    const yes = within(confirm).getByRole("button", { name: "Yes, send to 12 subscribers" });
    expect(document.activeElement).toBe(yes);
    await user.click(yes);
    expect(await screen.findByRole("status")).toHaveProperty(
      "textContent",
      "Text sent to 12 subscribers.",
    );
    expect(posted).toEqual([{ body: "Doors open at 6." }]);
  });

  it("refuses more than 4 segments before asking, and says so", async () => {
    const { posted } = stubApi({
      texts: [],
      subscribers: 1,
      programName: "Commons Learning Design",
      sendHours: { from: "09:00", to: "20:00" },
    });
    renderStaffPage("/admin/texts", <AdminTextsPage />);
    const box = await screen.findByLabelText("Text");
    const user = userEvent.setup();
    await user.click(box);
    await user.paste("ê".repeat(250));
    expect(screen.getByText(/5 segments \(UCS-2\)/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Send..." }));
    expect(screen.getByText("The text is 5 segments; at most 4 are allowed.")).toBeTruthy();
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("group", { name: /Send this text/ })).toBeNull();
    expect(posted).toEqual([]);
  });

  it("lists texts with counts by status, cancels a waiting one, and shows replies", async () => {
    stubApi({
      texts: [
        text({
          id: "t2",
          status: "waiting",
          waitingUntil: "2026-12-03T17:00:00.000Z",
          counts: { waiting: 3 },
        }),
        text({}),
      ],
      subscribers: 3,
      programName: "Commons Learning Design",
      sendHours: { from: "09:00", to: "20:00" },
    });
    renderStaffPage("/admin/texts", <AdminTextsPage />);
    const table = await screen.findByRole("table", { name: "Texts, newest first" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows[0]!.textContent).toContain("Waiting for the sending hours until");
    expect(rows[0]!.textContent).toContain("3 subscribers: 3 waiting");
    expect(rows[1]!.textContent).toContain("3 subscribers: 2 delivered, 1 failed");
    expect(within(rows[1]!).queryByRole("button")).toBeNull();
    await userEvent
      .setup()
      .click(within(rows[0]!).getByRole("button", { name: /Cancel the text/ }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Text cancelled."));
    expect(screen.getByText("What time?")).toBeTruthy();
  });
});
