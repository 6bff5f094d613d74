// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { eventSchema, type EventContent } from "#common/content/event";
import { projectSchema } from "#common/content/projects";
import { aboutCollection } from "#common/content/about";
import { currentsOfCareSeed } from "#common/content/seed/event";
import { projectsSeed } from "#common/content/seed/projects";
import { collectionDefinition } from "#common/content/registry";
import { StaffSessionContext, type StaffSession } from "~/components/staff";
import { describeField, type GroupField } from "../schema/schema-fields";
import { SchemaForm } from "./SchemaForm";
import { shownOnField } from "../schema/shown-on";
import { withoutGeneratedLines } from "../schema/shown-lines";
import { installFakeContentApi } from "../test-fake-api";
import { LABEL, renderContent } from "../test-render";
import { setAt } from "../schema/value-path";
import type { z } from "#common/zod";

/*
 * Fields in people's terms (decision 035): date and time lines written from the sessions, with
 * 'Write my own'; values made from a neighbour (a video's format, an anchor), shown read-only;
 * sessions summarised in words; which page each list entry is shown on.
 */

let latest: unknown;

const session: StaffSession = {
  onUnauthorized: () => {},
  onAccountChanged: () => {},
  handleAuthError: () => false,
  user: null,
};

function Form({ schema, initial }: { schema: z.ZodType; initial: unknown }) {
  const [value, setValue] = useState<unknown>(initial);
  latest = value;
  return (
    <StaffSessionContext.Provider value={session}>
      <SchemaForm
        field={describeField(schema) as GroupField}
        value={value}
        errors={{}}
        onChange={(path, next) => setValue((current: unknown) => setAt(current, path, next))}
      />
    </StaffSessionContext.Provider>
  );
}

const event = () => latest as EventContent;
const group = (name: string | RegExp) => screen.getByRole("group", { name });

afterEach(() => vi.restoreAllMocks());

describe("an event's date and time lines in the editor", () => {
  it("shows the lines the session times make, and they follow a changed date across the autumn change", () => {
    render(<Form schema={eventSchema} initial={currentsOfCareSeed} />);
    const dates = group("Dates as shown");
    expect(within(dates).getByText("Saturdays, October 11 and 25, 2025")).toBeTruthy();
    expect(
      within(screen.getAllByRole("group", { name: /^Time as shown/ }).at(-1)!).getByText(
        "12:00-3:00 PM",
      ),
    ).toBeTruthy();
    // Session 2 moves to 8 November, after the clocks went back: still noon to three there.
    fireEvent.click(screen.getByRole("button", { name: /^Session 2 / }));
    const second = screen.getByRole("button", { name: /^Session 2 / }).closest("li")!;
    for (const half of ["Start", "End"]) {
      const part = within(second).getByRole("group", { name: half });
      fireEvent.change(within(part).getByLabelText("Date"), { target: { value: "2025-11-08" } });
    }
    expect(event().sessions[1]).toMatchObject({
      start: "2025-11-08T12:00:00-08:00",
      end: "2025-11-08T15:00:00-08:00",
    });
    expect(within(dates).getByText("Saturdays, October 11 and November 8, 2025")).toBeTruthy();
    expect(
      within(screen.getAllByRole("group", { name: /^Time as shown/ }).at(-1)!).getByText(
        "12:00-3:00 PM",
      ),
    ).toBeTruthy();
    // The session's own line and its one-line summary say the same, in words.
    expect(screen.getByRole("button", { name: /^Session 2 / }).textContent).toBe(
      "Session 2 Saturday, November 8, 2025, 12:00-3:00 PM",
    );
    expect(event().datesLabel).toBeUndefined();
  });

  it("keeps a line staff write themselves, and goes back to the times when they stop", () => {
    render(<Form schema={eventSchema} initial={currentsOfCareSeed} />);
    const dates = group("Dates as shown");
    const own = within(dates).getByRole("checkbox", { name: "Write my own" });
    expect((own as HTMLInputElement).checked).toBe(false);
    fireEvent.click(own);
    const input = within(dates).getByLabelText(
      "Your own dates as shown",
      LABEL,
    ) as HTMLInputElement;
    // It starts from the generated line, to be edited.
    expect(input.value).toBe("Saturdays, October 11 and 25, 2025");
    fireEvent.change(input, { target: { value: "Two Saturdays in October" } });
    expect(event().datesLabel).toBe("Two Saturdays in October");
    fireEvent.click(own);
    expect(event().datesLabel).toBeUndefined();
    expect(within(dates).queryByLabelText("Your own dates as shown", LABEL)).toBeNull();
  });

  it("drops stored lines that equal the generated ones, and keeps the ones staff wrote", () => {
    const field = describeField(eventSchema);
    const stored = {
      ...currentsOfCareSeed,
      sessions: currentsOfCareSeed.sessions.map((session, index) => ({
        ...session,
        dateLabel: index === 0 ? "Saturday, October 11, 2025" : "Closing day",
        timeLabel: "12:00-3:00 PM",
      })),
      datesLabel: "Saturdays, October 11 and 25, 2025",
      timeLabel: "Noon to three",
    };
    const kept = withoutGeneratedLines(field, stored) as typeof stored;
    expect(kept.sessions.map((session) => [session.dateLabel, session.timeLabel])).toEqual([
      [undefined, undefined],
      ["Closing day", undefined],
    ]);
    expect(kept.datesLabel).toBeUndefined();
    expect(kept.timeLabel).toBe("Noon to three");
  });

  it("opens an event stored with typed lines as unchanged, and saves it without them", async () => {
    const fake = installFakeContentApi();
    const [entry] = fake.entries.get("events")!;
    const legacy = {
      ...currentsOfCareSeed,
      sessions: currentsOfCareSeed.sessions.map((session) => ({
        ...session,
        dateLabel: session.start.startsWith("2025-10-11")
          ? "Saturday, October 11, 2025"
          : "Saturday, October 25, 2025",
        timeLabel: "12:00-3:00 PM",
      })),
      datesLabel: "Saturdays, October 11 and 25, 2025",
      timeLabel: "12:00-3:00 PM",
    };
    entry!.data = legacy;
    const { user } = renderContent(`/admin/content/events/${entry!.id}`);
    await screen.findByRole("heading", { level: 2, name: /^Events: / });
    const bar = screen.getByRole("region", { name: "Save and publish" });
    expect(within(bar).queryByText(/unsaved/i)).toBeNull();
    const own = within(group("Dates as shown")).getByRole("checkbox", { name: "Write my own" });
    expect((own as HTMLInputElement).checked).toBe(false);
    fireEvent.change(screen.getByLabelText(/^Tagline/), {
      target: { value: "A free community mural day" },
    });
    await user.click(within(bar).getByRole("button", { name: "Save draft" }));
    await waitFor(() =>
      expect(fake.calls.some((call) => call.method === "PUT" && call.path.includes("events"))).toBe(
        true,
      ),
    );
    const put = fake.calls.find((call) => call.method === "PUT")!;
    const saved = (put.body as { data: typeof legacy }).data;
    expect(saved.datesLabel).toBeUndefined();
    expect(saved.sessions[0]!.dateLabel).toBeUndefined();
  });
});

describe("values made from a neighbouring field", () => {
  it("shows a video's format read-only and makes it from the file's name", () => {
    render(<Form schema={projectSchema} initial={projectsSeed[0]} />);
    fireEvent.click(screen.getByRole("button", { name: /^Encoding 1 / }));
    const encoding = screen.getByRole("button", { name: /^Encoding 1 / }).closest("li")!;
    const format = within(encoding).getByLabelText("Format", LABEL) as HTMLInputElement;
    expect(format.readOnly).toBe(true);
    expect(format.value).toBe("WebM video");
    fireEvent.change(within(encoding).getByLabelText("File", LABEL), {
      target: { value: "/video/calm-waves-2.mp4" },
    });
    expect(format.value).toBe("MP4 video");
    const media = (latest as { media: { sources: { type: string }[] } }).media;
    expect(media.sources[0]!.type).toBe("video/mp4");
  });

  it("keeps a stored anchor when the editor opens, and makes it from the heading once that changes", () => {
    const about = aboutCollection.seed[0] as { mission: { id: string; heading: string } };
    render(<Form schema={aboutCollection.schema} initial={about} />);
    const mission = group("Mission");
    const anchor = within(mission).getByLabelText("Anchor name", LABEL) as HTMLInputElement;
    expect(anchor.readOnly).toBe(true);
    expect(anchor.value).toBe(about.mission.id);
    fireEvent.change(within(mission).getByLabelText("Heading", LABEL), {
      target: { value: "What We Stand For" },
    });
    expect(anchor.value).toBe("what-we-stand-for");
    expect((latest as typeof about).mission.id).toBe("what-we-stand-for");
  });
});

describe("which page a list's entries are shown on", () => {
  it("names the page for every list, an event's own address included", () => {
    const events = shownOnField(collectionDefinition("events"))!;
    expect(events.text({ slug: "spring-walk" })).toBe(
      "Events list and its own page, /events/spring-walk",
    );
    expect(events.text({ slug: "currents-of-care" })).toBe(
      "Events list and its own page, /currents-of-care",
    );
    expect(shownOnField(collectionDefinition("team"))!.text({})).toBe("About, both pages");
    expect(shownOnField(collectionDefinition("courses"))!.text({ variant: "both" })).toBe("Both");
    expect(shownOnField(collectionDefinition("about"))).toBeNull();
  });
});
