import { afterEach } from "vitest";

// Component tests opt into jsdom per file (`// @vitest-environment jsdom`); only there is there a
// DOM to clean up between tests. Node-environment tests never load React Testing Library.
if (typeof window !== "undefined" && typeof document !== "undefined") {
  const { cleanup } = await import("@testing-library/react");
  afterEach(() => {
    cleanup();
  });
}
