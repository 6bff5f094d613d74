import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The contact form and the SMS opt-in ship on public pages. common/contact.ts and common/sms.ts
// import zod but build their schemas only inside functions, so bundlers drop zod when a page
// takes just their constants; every other module these forms reach must not import zod at all.
// (tests/e2e/public-js-budget.spec.ts checks the built bundles themselves.)

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const IMPORT_RE =
  /^\s*(?:import|export)\s(?!type\s)[^;]*?from\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm;
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];
const LAZY_ZOD_MODULES = ["common/contact.ts", "common/sms.ts"];
/** Sets zod's jitless mode at load time: that call alone puts a zod chunk into the page. */
const ZOD_CONFIG_MODULE = "common/zod.ts";

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = resolve(root, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(dirname(from), specifier.replace(/\.js$/, ""));
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

/** Runtime imports (type-only ones are erased), transitively: file -> bare packages it imports. */
function importGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (graph.has(file.slice(root.length + 1))) continue;
    const packages: string[] = [];
    graph.set(file.slice(root.length + 1), packages);
    if (!/\.tsx?$/.test(file)) continue;
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT_RE)) {
      const specifier = (match[1] ?? match[2])!;
      const target = resolveImport(file, specifier);
      if (target) queue.push(target);
      else packages.push(specifier);
    }
  }
  return graph;
}

describe.each(["app/features/contact-form/index.ts", "app/features/sms-opt-in/index.ts"])(
  "%s",
  (entry) => {
    const graph = importGraph(resolve(root, entry));

    it("reaches nothing of the admin pages", () => {
      expect([...graph.keys()].filter((file) => file.includes("admin"))).toEqual([]);
    });

    it("imports zod only through the lazily-built common schemas", () => {
      const zodImporters = [...graph].filter(([, packages]) =>
        packages.some((name) => name.startsWith("zod")),
      );
      for (const [file] of zodImporters)
        expect([...LAZY_ZOD_MODULES, ZOD_CONFIG_MODULE]).toContain(file);
      for (const file of LAZY_ZOD_MODULES.filter((name) => graph.has(name))) {
        const source = readFileSync(resolve(root, file), "utf8");
        // No schema built at module level: `z.` appears only inside function bodies.
        const topLevel = source
          .split("\n")
          .filter((line) => /^(export )?(const|let|var) .*\bz\./.test(line));
        expect(topLevel, file).toEqual([]);
      }
      const packages = new Set([...graph.values()].flat());
      expect([...packages].filter((name) => name !== "react" && !name.startsWith("zod"))).toEqual(
        [],
      );
    });
  },
);
