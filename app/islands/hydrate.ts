import type { ComponentType, ReactNode } from "react";

/** Loads an island's component (a dynamic import, so each island is its own chunk). */
export type IslandLoader = () => Promise<ComponentType<Record<string, unknown>>>;

type Hydrate = (
  container: Element,
  node: ReactNode,
  options: { identifierPrefix: string },
) => unknown;

/** The props serialised beside an island's root (app/islands/Island.tsx), or an error. */
export function islandProps(root: Element): Record<string, unknown> {
  const block = root.nextElementSibling;
  if (
    !block ||
    block.tagName !== "SCRIPT" ||
    block.getAttribute("type") !== "application/json" ||
    !block.hasAttribute("data-island-props")
  ) {
    throw new Error(`island "${root.getAttribute("data-island")}" has no props block after it`);
  }
  const props: unknown = JSON.parse(block.textContent || "{}");
  if (props === null || typeof props !== "object" || Array.isArray(props)) {
    throw new Error(`island "${root.getAttribute("data-island")}" props are not an object`);
  }
  return props as Record<string, unknown>;
}

/**
 * Hydrates every island under `scope` that is not hydrated yet, each on its own React root, so
 * one island that fails (unknown name, bad props, a throwing import) leaves the others working;
 * the failure is reported on the console and the server's HTML stays as it was. Resolves to the
 * names hydrated, in document order.
 */
export async function hydrateIslands(
  scope: ParentNode,
  registry: Readonly<Record<string, IslandLoader>>,
  hydrate: Hydrate,
  createElement: (component: ComponentType<Record<string, unknown>>, props: object) => ReactNode,
): Promise<string[]> {
  const roots = [...scope.querySelectorAll("[data-island]:not([data-island-hydrated])")];
  const results = await Promise.all(
    roots.map(async (root) => {
      const name = root.getAttribute("data-island") ?? "";
      try {
        const load = Object.hasOwn(registry, name) ? registry[name] : undefined;
        if (!load) throw new Error(`no island named "${name}"`);
        const props = islandProps(root);
        const component = await load();
        root.setAttribute("data-island-hydrated", "");
        // The prefix the server rendered the island's ids with (app/islands/Island.tsx).
        const identifierPrefix = root.getAttribute("data-island-id") ?? "";
        hydrate(root, createElement(component, props), { identifierPrefix });
        return name;
      } catch (error) {
        console.error(error);
        return null;
      }
    }),
  );
  return results.filter((name): name is string => name !== null);
}
