import { createContext } from "react-router";
import type { ContentSnapshot } from "#common/content/snapshot";

/**
 * The published content of the request being rendered. The server sets it in React Router's
 * context before rendering (it reads it from the server build as
 * `build.entry.module.contentContext`, re-exported by entry.server.tsx); null when nobody set
 * it, as in the build's render check (scripts/check-render.mjs), and `loadContent` then uses the
 * seeded default.
 */
export const contentContext = createContext<ContentSnapshot | null>(null);
