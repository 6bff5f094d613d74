import { describe, expect, it } from "vitest";
import { isCommonPassword, passwordProblem } from "./password-policy.js";

describe("the common-password check", () => {
  it("refuses listed passwords, listed ones padded or repeated to length, and key runs", () => {
    for (const password of [
      "qwerty123456",
      "1q2w3e4r5t6y",
      "Password1234!",
      "!!!sunshine2024",
      "iloveyou1234",
      "monkeymonkeymonkey",
      "abcabcabcabc",
      "aaaaaaaaaaaaaaaa",
      "1234567890123",
      "qwertyuiopasdf",
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it("accepts passwords that are not in the list", () => {
    for (const password of [
      "correct horse battery staple",
      "e2e-admin-password-0f3a9c",
      "a sound and original passphrase",
      "Tulips under the viaduct 7",
    ]) {
      expect(isCommonPassword(password), password).toBe(false);
      expect(passwordProblem(password)).toBeNull();
    }
  });

  it("names the rule a password breaks", () => {
    expect(passwordProblem("short")).toMatch(/at least 12/);
    expect(passwordProblem("password1234")).toMatch(/too common/);
  });
});
