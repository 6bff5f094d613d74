import { afterEach } from "vitest";

// Component tests render into jsdom; unmount after each so tests do not see each other's DOM.
if (typeof document !== "undefined") {
  const { cleanup } = await import("@testing-library/react");
  afterEach(() => cleanup());
}
