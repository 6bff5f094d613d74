import { createContext } from "react-router";

/**
 * The moment a page is rendered for (ms since the epoch). The server sets it for each render
 * (server/render/), the same moment it keys the render cache by, so a page that shows an event's
 * state is kept exactly until that state next changes (docs/decisions/027). Absent (build-time
 * checks, tests): the clock's now.
 */
export const renderTimeContext = createContext<number | null>(null);

interface ContextReader {
  get: (context: typeof renderTimeContext) => number | null;
}

/** The render's moment from a loader's context, or now. */
export function renderTime(context: unknown): number {
  const reader = context as Partial<ContextReader> | null;
  const value = typeof reader?.get === "function" ? reader.get(renderTimeContext) : null;
  return typeof value === "number" ? value : Date.now();
}
