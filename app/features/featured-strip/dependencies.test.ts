import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

// The strip ships on public pages: its import graph must hold no zod and nothing of the admin page.

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const IMPORT_RE =
  /^\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm;
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = resolve(root, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(dirname(from), specifier);
  else return null;
  for (const extension of EXTENSIONS) {
    try {
      readFileSync(base + extension);
      return base + extension;
    } catch {
      // try the next extension
    }
  }
  throw new Error(`cannot resolve ${specifier} from ${from}`);
}

/** Every file and bare package the module imports, transitively (type-only imports included). */
function importGraph(entry: string) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (!/\.tsx?$/.test(file)) continue;
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(IMPORT_RE)) {
      const specifier = (match[1] ?? match[2])!;
      const target = resolveImport(file, specifier);
      if (target) queue.push(target);
      else packages.add(specifier);
    }
  }
  return { files: [...files].map((file) => file.slice(root.length + 1)), packages: [...packages] };
}

it("imports neither zod nor the admin feature", () => {
  const graph = importGraph(resolve(root, "app/features/featured-strip/index.ts"));
  expect(graph.files).toContain("common/update-types.ts");
  expect(graph.packages.filter((name) => name === "zod" || name.startsWith("zod/"))).toEqual([]);
  expect(graph.files.filter((file) => file.includes("admin"))).toEqual([]);
  expect(graph.files).not.toContain("common/updates.ts");
  expect(graph.packages.sort()).toEqual(["react"]);
});
