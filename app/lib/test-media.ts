import { act } from "@testing-library/react";
import { expect, vi } from "vitest";

// Test helpers (imported by `*.test.tsx` files only): a fake `matchMedia`.

/**
 * Installs a controllable `matchMedia` for '(prefers-reduced-motion: reduce)' (any other query
 * fails the test); `set` changes the answer and tells the listeners, as a browser does.
 * Undo with `vi.unstubAllGlobals()`.
 */
export function stubReducedMotion(initial: boolean) {
  const listeners = new Set<(event: { matches: boolean }) => void>();
  const query = {
    matches: initial,
    media: "(prefers-reduced-motion: reduce)",
    onchange: null,
    addEventListener: (_type: string, listener: (event: { matches: boolean }) => void) =>
      listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: { matches: boolean }) => void) =>
      listeners.delete(listener),
    addListener: (listener: (event: { matches: boolean }) => void) => listeners.add(listener),
    removeListener: (listener: (event: { matches: boolean }) => void) => listeners.delete(listener),
    dispatchEvent: () => true,
  };
  const matchMedia = vi.fn((media: string) => {
    expect(media).toBe("(prefers-reduced-motion: reduce)");
    return query;
  });
  vi.stubGlobal("matchMedia", matchMedia);
  return {
    matchMedia,
    set(matches: boolean) {
      act(() => {
        query.matches = matches;
        listeners.forEach((listener) => listener({ matches }));
      });
    },
  };
}
