// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { group, list, singleLine, titledText } from "#common/content/fields";
import { describeField, type GroupField } from "../schema/schema-fields";
import { SchemaForm } from "./SchemaForm";
import { setAt } from "../schema/value-path";

const schema = group(
  {
    heading: singleLine("Heading", 80),
    steps: list(titledText("Step"), "Steps", { min: 1, max: 5 }),
  },
  "Page",
);

function Form({ errors = {} }: { errors?: Record<string, string> }) {
  const [value, setValue] = useState<unknown>({
    heading: "Hello",
    steps: [
      { title: "Listen", description: "We listen first." },
      { title: "Design", description: "Then we design." },
    ],
  });
  return (
    <SchemaForm
      field={describeField(schema) as GroupField}
      value={value}
      errors={errors}
      onChange={(path, next) => setValue((current: unknown) => setAt(current, path, next))}
    />
  );
}

describe("list items of several fields", () => {
  it("show one line each, and open and close by keyboard with focus kept on the toggle", async () => {
    const user = userEvent.setup();
    render(<Form />);
    const first = screen.getByRole("button", { name: "Step 1 Listen" });
    expect(first.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("textbox", { name: /Title/ })).toBeNull();

    first.focus();
    await user.keyboard("{Enter}");
    expect(first.getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement).toBe(first);
    const title = screen.getByRole("textbox", { name: /Title/ });
    expect((title as HTMLInputElement).value).toBe("Listen");
    // Tab goes from the line into its fields.
    await user.tab();
    expect(document.activeElement).toBe(title);
    await user.type(title, "ing");
    expect(screen.getByRole("button", { name: "Step 1 Listening" })).toBe(first);

    first.focus();
    await user.keyboard(" ");
    expect(first.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(first);
    expect(screen.queryByRole("textbox", { name: /Title/ })).toBeNull();
  });

  it("open by themselves when one of their fields has a message", () => {
    render(<Form errors={{ "data.steps.1.title": "Title is required" }} />);
    expect(
      screen.getByRole("button", { name: "Step 2 Design" }).getAttribute("aria-expanded"),
    ).toBe("true");
    expect(
      screen.getByRole("button", { name: "Step 1 Listen" }).getAttribute("aria-expanded"),
    ).toBe("false");
    expect(screen.getByText("Title is required")).toBeTruthy();
  });

  it("a new item opens with focus in its first field", async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByRole("button", { name: "Add step" }));
    const third = screen.getByRole("button", { name: "Step 3 (empty)" });
    expect(third.getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement?.id).toBe("field-steps-2-title");
  });
});
