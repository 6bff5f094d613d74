// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { choice, group, list } from "#common/content/fields";
import { z } from "#common/zod";
import { describeField, type GroupField } from "../schema/schema-fields";
import { SchemaForm } from "./SchemaForm";
import { setAt } from "../schema/value-path";

const time = (label: string) => z.string().meta({ label, format: "zoned-date-time" });
const schema = group(
  {
    timezone: choice(["America/Los_Angeles", "Europe/Berlin"], "Time zone"),
    sessions: list(group({ start: time("Start") }, "Session"), "Sessions", { min: 1, max: 3 }),
  },
  "Event",
);

let latest: unknown;

function Form({ initial }: { initial: unknown }) {
  const [value, setValue] = useState<unknown>(initial);
  latest = value;
  return (
    <SchemaForm
      field={describeField(schema) as GroupField}
      value={value}
      errors={{}}
      onChange={(path, next) => setValue((current: unknown) => setAt(current, path, next))}
    />
  );
}

const start = () => (latest as { sessions: { start: string }[] }).sessions[0]!.start;

describe("a session's date and time", () => {
  it("shows the stored time in the event's zone and round-trips it across a daylight-saving change", () => {
    render(
      <Form
        initial={{
          timezone: "America/Los_Angeles",
          sessions: [{ start: "2025-11-01T14:00:00-07:00" }],
        }}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: /^Session 1 / }));
    const date = screen.getByLabelText("Date") as HTMLInputElement;
    const clock = screen.getByLabelText("Time") as HTMLInputElement;
    expect(date.value).toBe("2025-11-01");
    expect(clock.value).toBe("14:00");
    expect(screen.getByText(/In the event.s time zone, America\/Los_Angeles/)).toBeTruthy();

    // The day after the clocks go back: same wall clock, winter offset.
    fireEvent.change(date, { target: { value: "2025-11-03" } });
    expect(start()).toBe("2025-11-03T14:00:00-08:00");
    expect(clock.value).toBe("14:00");
    // And back again.
    fireEvent.change(date, { target: { value: "2025-11-01" } });
    expect(start()).toBe("2025-11-01T14:00:00-07:00");
    fireEvent.change(clock, { target: { value: "09:30" } });
    expect(start()).toBe("2025-11-01T09:30:00-07:00");
  });

  it("follows the event's time zone", () => {
    render(
      <Form
        initial={{ timezone: "Europe/Berlin", sessions: [{ start: "2026-07-01T09:30:00+02:00" }] }}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: /^Session 1 / }));
    expect((screen.getByLabelText("Time") as HTMLInputElement).value).toBe("09:30");
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2026-12-01" } });
    expect(start()).toBe("2026-12-01T09:30:00+01:00");
  });
});
