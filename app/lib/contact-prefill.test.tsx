// @vitest-environment jsdom
import { act, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useNavigate } from "react-router";
import { describe, expect, it } from "vitest";
import {
  PREFILLED_MESSAGE_KEY,
  contactPrefillState,
  readPrefilledMessage,
  usePrefilledMessage,
} from "./contact-prefill";

describe("contact prefill state", () => {
  it("round-trips a message through the route state", () => {
    const state = contactPrefillState("Hello there");
    expect(state).toEqual({ [PREFILLED_MESSAGE_KEY]: "Hello there" });
    expect(readPrefilledMessage(state)).toBe("Hello there");
  });

  it("uses the key prefilledMessage", () => {
    expect(readPrefilledMessage({ prefilledMessage: "Hi" })).toBe("Hi");
  });

  it.each([null, undefined, 42, "text", {}, { prefilledMessage: 7 }, { prefilledMessage: "" }])(
    "ignores a state without a usable message (%o)",
    (state) => {
      expect(readPrefilledMessage(state)).toBeUndefined();
    },
  );
});

function Probe() {
  const message = usePrefilledMessage();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="message">{message ?? "(none)"}</p>
      <button
        type="button"
        onClick={() => navigate("/contact", { state: contactPrefillState("Second") })}
      >
        again
      </button>
    </>
  );
}

describe("usePrefilledMessage", () => {
  it("returns the message from the location's state after mounting", () => {
    render(
      <MemoryRouter initialEntries={[{ pathname: "/contact", state: contactPrefillState("Hi") }]}>
        <Routes>
          <Route path="/contact" element={<Probe />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByTestId("message").textContent).toBe("Hi");
  });

  it("follows a new navigation with another message", () => {
    render(
      <MemoryRouter initialEntries={["/contact"]}>
        <Routes>
          <Route path="/contact" element={<Probe />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByTestId("message").textContent).toBe("(none)");
    act(() => screen.getByRole("button", { name: "again" }).click());
    expect(screen.getByTestId("message").textContent).toBe("Second");
  });
});
