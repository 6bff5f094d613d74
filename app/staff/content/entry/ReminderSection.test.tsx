// @vitest-environment jsdom
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StaffSessionContext, type StaffSession } from "~/components/staff";
import type { EventReminder, EventReminderInput } from "#common/event-reminders";
import type { StaffRole } from "#common/staff-access";
import { jsonResponse } from "~/lib/test-fetch";
import { ReminderSection } from "./ReminderSection";

const MADE =
  "Reminder: River Walk, Friday, December 4, 2026, 6:00-8:00 PM, at Cedar Hall. https://example.org/events/river-walk";

const REMINDER: EventReminder = {
  eventId: "e1",
  enabled: false,
  lead: "1d",
  body: null,
  madeFromEvent: MADE,
  nextSession: { day: "Friday, December 4, 2026", time: "6:00-8:00 PM", place: "Cedar Hall" },
  sessionValues: [
    { day: "Friday, December 4, 2026", time: "6:00-8:00 PM", place: "Cedar Hall" },
    {
      day: "Saturday morning by the old cedar boathouse",
      time: "10:00 AM-12:00 PM",
      place: "Cedar Hall",
    },
  ],
  programName: "Commons Learning Design",
  subscribers: 12,
  reminders: [],
};

function stubApi() {
  const saved: EventReminderInput[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url !== "/api/texts/reminders/e1") throw new Error(`unexpected ${url}`);
      if (init?.method === "PUT") {
        const body = JSON.parse(String(init.body)) as EventReminderInput;
        saved.push(body);
        return jsonResponse(200, {
          ...REMINDER,
          ...body,
          reminders: body.enabled
            ? [
                {
                  textId: "t1",
                  sessionStart: "2026-12-05T02:00:00.000Z",
                  sendAt: "2026-12-04T23:00:00.000Z",
                  status: "scheduled",
                  recipients: 0,
                  counts: {},
                },
              ]
            : [],
        } satisfies EventReminder);
      }
      return jsonResponse(200, REMINDER);
    }),
  );
  return saved;
}

function renderSection(role: StaffRole) {
  const session: StaffSession = {
    onUnauthorized: () => {},
    handleAuthError: () => false,
    user: { id: "u1", email: "sam@example.org", name: "Sam", role },
    onAccountChanged: () => {},
  };
  return render(
    <StaffSessionContext.Provider value={session}>
      <ReminderSection eventId="e1" />
    </StaffSessionContext.Provider>,
  );
}

describe("ReminderSection", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows the text made from the event with its counts and preview; switched on, it is saved and its session listed", async () => {
    const saved = stubApi();
    renderSection("editor");
    const user = userEvent.setup();
    const region = await screen.findByRole("region", { name: "Text subscribers a reminder" });
    const toggle = within(region).getByRole("switch", {
      name: "Send a reminder before each session",
    }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(
      (within(region).getByRole("radio", { name: "1 day before" }) as HTMLInputElement).checked,
    ).toBe(true);
    const box = within(region).getByLabelText("Reminder text") as HTMLTextAreaElement;
    expect(box.value).toBe(MADE);
    expect(
      within(region).getByText(`Commons Learning Design: ${MADE} Reply STOP to opt out`),
    ).toBeTruthy();
    expect(within(region).getByText(/characters, 2 segments \(GSM-7\), at most 4/)).toBeTruthy();
    expect(within(region).getByText(/Goes to 12 subscribers/)).toBeTruthy();
    expect(within(region).getByText(/No reminders yet/)).toBeTruthy();

    await user.click(toggle);
    await user.click(within(region).getByRole("radio", { name: "3 hours before" }));
    await user.click(within(region).getByRole("button", { name: "Save reminder" }));
    await waitFor(() =>
      expect(within(region).getByRole("status").textContent).toBe(
        "Reminder on: each session ahead has its reminder scheduled.",
      ),
    );
    // The words made from the event are sent as null: the server makes them for each session.
    expect(saved).toEqual([{ enabled: true, lead: "3h", body: null }]);
    const table = within(region).getByRole("table", { name: "Reminders by session" });
    expect(within(table).getByText("Scheduled")).toBeTruthy();
    expect(within(table).getByText("0 subscribers: No recipients")).toBeTruthy();
  });

  it("sends staff's own words, offers the event's text back, and refuses more than 4 segments before saving", async () => {
    const saved = stubApi();
    renderSection("owner");
    const user = userEvent.setup();
    const box = (await screen.findByLabelText("Reminder text")) as HTMLTextAreaElement;
    await user.clear(box);
    await user.type(box, "See you tomorrow at Cedar Hall!");
    expect(
      screen.getByText(
        "Commons Learning Design: See you tomorrow at Cedar Hall! Reply STOP to opt out",
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Save reminder" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      enabled: false,
      lead: "1d",
      body: "See you tomorrow at Cedar Hall!",
    });

    await user.click(screen.getByRole("button", { name: "Use the text made from the event" }));
    expect(box.value).toBe(MADE);

    await user.clear(box);
    await user.click(box);
    await user.paste("x".repeat(700));
    await user.click(screen.getByRole("button", { name: "Save reminder" }));
    const error = screen.getByText("The text is 5 segments; at most 4 are allowed.");
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(box.getAttribute("aria-describedby")).toContain(error.id);
    expect(document.activeElement).toBe(box);
    expect(saved).toHaveLength(1);
  });

  it("fills the placeholders for the next session in the counts and the preview, and checks every session's length", async () => {
    const saved = stubApi();
    renderSection("editor");
    const user = userEvent.setup();
    const box = (await screen.findByLabelText("Reminder text")) as HTMLTextAreaElement;
    const hint = screen.getByText(/\{day\}, \{time\} and \{place\} become each session's/);
    expect(box.getAttribute("aria-describedby")?.split(" ")).toContain(hint.id);

    await user.clear(box);
    await user.click(box);
    await user.paste("See you {day}, {time}, at {place}!");
    const arriving =
      "Commons Learning Design: See you Friday, December 4, 2026, 6:00-8:00 PM, at Cedar Hall! Reply STOP to opt out";
    expect(screen.getByText(arriving)).toBeTruthy();
    expect(
      screen.getByText(`${arriving.length} characters, 1 segment (GSM-7), at most 4`),
    ).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Save reminder" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    // Sent with its placeholders: the server fills them for each session.
    expect(saved[0]!.body).toBe("See you {day}, {time}, at {place}!");

    // A brace pair that is no placeholder is refused before saving.
    await user.clear(box);
    await user.paste("See you at {venue}");
    await user.click(screen.getByRole("button", { name: "Save reminder" }));
    const unknown = screen.getByText(
      "The text holds {venue}, which is not a placeholder: use {day}, {time} or {place}.",
    );
    expect(box.getAttribute("aria-describedby")).toContain(unknown.id);
    expect(document.activeElement).toBe(box);

    // Four segments for the next session, five for the later one with the longer day.
    await user.clear(box);
    await user.paste(`${"x".repeat(540)} {day}`);
    expect(screen.getByText("612 characters, 4 segments (GSM-7), at most 4")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Save reminder" }));
    expect(
      screen.getByText(
        "The text is 5 segments for the session on Saturday morning by the old cedar boathouse; at most 4 are allowed.",
      ),
    ).toBeTruthy();
    expect(saved).toHaveLength(1);
  });

  it("is not shown to a role that cannot text subscribers", () => {
    stubApi();
    const { container } = renderSection("contributor");
    expect(container.textContent).toBe("");
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });
});
