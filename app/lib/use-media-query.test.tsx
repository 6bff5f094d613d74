// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { stubReducedMotion } from "./test-media";
import { usePrefersReducedMotion } from "./use-media-query";

afterEach(() => {
  vi.unstubAllGlobals();
});

it("follows the reduced-motion preference", () => {
  const media = stubReducedMotion(false);
  const { result } = renderHook(() => usePrefersReducedMotion());
  expect(result.current).toBe(false);
  media.set(true);
  expect(result.current).toBe(true);
  media.set(false);
  expect(result.current).toBe(false);
});

it("also follows it where matchMedia only has the old addListener API (older Safari)", () => {
  let listener: (() => void) | null = null;
  const query = {
    matches: false,
    addListener: vi.fn((next: () => void) => (listener = next)),
    removeListener: vi.fn(() => (listener = null)),
  };
  vi.stubGlobal(
    "matchMedia",
    vi.fn(() => query),
  );
  const { result, unmount } = renderHook(() => usePrefersReducedMotion());
  expect(result.current).toBe(false);
  act(() => {
    query.matches = true;
    listener?.();
  });
  expect(result.current).toBe(true);
  unmount();
  expect(query.removeListener).toHaveBeenCalled();
  expect(listener).toBeNull();
});
