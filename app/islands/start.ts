import { createElement } from "react";
import { hydrateRoot } from "react-dom/client";
import { hydrateIslands } from "./hydrate";
import { islandRegistry } from "./registry";

/** Hydrates the page's islands; run by entry.client.ts, which the page adds once it has painted. */
export function start(): Promise<string[]> {
  return hydrateIslands(document, islandRegistry, hydrateRoot, createElement);
}
