import { createContext as createReactContext, useContext } from "react";
import { createContext } from "react-router";

/**
 * The mark of the inline scripts the app writes itself (docs/decisions/026). The server sets a
 * fresh random value for each render (`renderMarkContext`); entry.server.tsx hands it to React
 * Router's scripts and, through `RenderMark`, to the app's own; each such script carries it as its
 * `nonce`. The server then allows exactly the marked scripts by their hash and removes the mark,
 * so text in content can never add an allowed script (it cannot know the mark). An island or any
 * other component that writes an inline script passes `nonce={useRenderMark()}`. JSON in
 * `<script type="application/json">` is data, not run, and needs no mark.
 */
export const renderMarkContext = createContext<string | null>(null);

export const RenderMark = createReactContext<string | undefined>(undefined);

/** The mark to put on an inline script the app writes (undefined in the browser). */
export function useRenderMark(): string | undefined {
  return useContext(RenderMark);
}
