// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Field } from "./Field";

afterEach(cleanup);

describe("Field", () => {
  it("names the input by its label and describes it by its hint", () => {
    render(<Field label="New password" hint="At least 12 characters." name="password" />);
    const input = screen.getByLabelText("New password");
    expect(input.getAttribute("name")).toBe("password");
    expect(input).toHaveProperty("type", "text");
    expect(input.getAttribute("aria-describedby")).toBe(`${input.id}-hint`);
    expect(document.getElementById(`${input.id}-hint`)?.textContent).toBe(
      "At least 12 characters.",
    );
    expect(input.getAttribute("aria-invalid")).toBeNull();
  });

  it("shows an error under the input, marks it invalid and reads the error after the hint", () => {
    render(<Field id="from" label="From" hint="A path" error="Start with /" />);
    const input = screen.getByLabelText("From");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("from-hint from-error");
    expect(document.getElementById("from-error")?.textContent).toBe("Start with /");
  });

  it("points at the form's own message when the error is shown elsewhere, and only while invalid", () => {
    const { rerender } = render(
      <Field label="Email" errorId="form-alert" describedBy={["intro", null]} invalid={false} />,
    );
    const input = screen.getByLabelText("Email");
    expect(input.getAttribute("aria-describedby")).toBe("intro");
    rerender(<Field label="Email" errorId="form-alert" describedBy={["intro", null]} invalid />);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("intro form-alert");
    // No message element of its own: the form's alert says what is wrong.
    expect(screen.queryByText("form-alert")).toBeNull();
  });

  it("fills password and code fields with what browsers and password managers expect", () => {
    render(
      <>
        <Field label="Current password" kind="current-password" />
        <Field label="New password" kind="new-password" />
        <Field label="Code from the app" kind="one-time-code" />
        <Field label="Code or recovery code" kind="code-or-recovery" />
      </>,
    );
    const attributes = (label: string) => {
      const input = screen.getByLabelText(label);
      return {
        type: input.getAttribute("type"),
        autoComplete: input.getAttribute("autocomplete"),
        inputMode: input.getAttribute("inputmode"),
      };
    };
    expect(attributes("Current password")).toEqual({
      type: "password",
      autoComplete: "current-password",
      inputMode: null,
    });
    expect(attributes("New password")).toEqual({
      type: "password",
      autoComplete: "new-password",
      inputMode: null,
    });
    expect(attributes("Code from the app")).toEqual({
      type: "text",
      autoComplete: "one-time-code",
      inputMode: "numeric",
    });
    expect(attributes("Code or recovery code")).toEqual({
      type: "text",
      autoComplete: "one-time-code",
      inputMode: null,
    });
  });
});
