import { createElement } from "react";
import { hydrateRoot } from "react-dom/client";
import { hydrateIslands } from "./hydrate";
import { islandRegistry } from "./registry";

/** Hydrates the page's islands; loaded by entry.client.ts once the page has loaded. */
export function start(): Promise<string[]> {
  return hydrateIslands(document, islandRegistry, hydrateRoot, createElement);
}
