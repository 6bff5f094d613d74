import { afterEach, beforeEach, vi, type MockInstance } from "vitest";

// The site logs the failures it recovers from with console.error (a failed fetch, a failed
// list load: docs/product.md sections 4.2 and 5.1). Every test runs with console.error silenced
// and recorded, so the tests that provoke such a failure assert `expect(console.error)` and the
// output stays readable.
let consoleError: MockInstance<typeof console.error> | undefined;
beforeEach(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  consoleError?.mockRestore();
});

// Component tests render into jsdom; unmount after each so tests do not see each other's DOM.
if (typeof document !== "undefined") {
  const { cleanup } = await import("@testing-library/react");
  afterEach(() => cleanup());
}
