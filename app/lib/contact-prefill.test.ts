import { describe, expect, it } from "vitest";
import {
  PREFILLED_MESSAGE_KEY,
  contactPrefillState,
  readPrefilledMessage,
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
