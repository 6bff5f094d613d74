import { createRequire } from "node:module";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  COMMON_PASSWORDS_KEPT_MS,
  commonPasswordsLoaded,
  isCommonPassword,
  passwordProblem,
} from "./password-policy.js";

const require = createRequire(import.meta.url);

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

  describe("memory", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("reads the list at the first check, keeps no module of it, and forgets it when idle", () => {
      vi.useFakeTimers();
      const cached = () =>
        Object.keys(require.cache).filter((file) => file.includes("@zxcvbn-ts/language-common"));
      isCommonPassword("qwerty123456");
      expect(commonPasswordsLoaded()).toBe(true);
      expect(cached()).toEqual([]);
      // Each check keeps it a while longer; then it is dropped.
      vi.advanceTimersByTime(COMMON_PASSWORDS_KEPT_MS - 1000);
      expect(isCommonPassword("password1234")).toBe(true);
      vi.advanceTimersByTime(COMMON_PASSWORDS_KEPT_MS - 1000);
      expect(commonPasswordsLoaded()).toBe(true);
      vi.advanceTimersByTime(1000);
      expect(commonPasswordsLoaded()).toBe(false);
      // And read again when needed.
      expect(isCommonPassword("qwerty123456")).toBe(true);
    });
  });
});
