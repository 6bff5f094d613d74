import { createElement } from "react";
import { hydrateRoot } from "react-dom/client";
import { hydrateIslands } from "./hydrate";
import { islandRegistry } from "./registry";

// The one script a public page with islands loads (docs/decisions/024): no router runtime. As
// React Router's start was (decision 013), hydration waits for the load event, so the HTML, its
// CSS and the LCP picture have the connection first.
function start(): void {
  void hydrateIslands(document, islandRegistry, hydrateRoot, createElement);
}
if (document.readyState === "complete") start();
else addEventListener("load", start, { once: true });
