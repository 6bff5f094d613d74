// The island build's React (vite.islands.config.ts, docs/decisions/043): React's CommonJS
// production build, bundled as ES modules so that what no island uses is left out.
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/** React's production builds, by the bare name the islands' code and React itself import. */
export const REACT_PRODUCTION_BUILDS: Readonly<Record<string, string>> = {
  react: "react/cjs/react.production.js",
  "react/jsx-runtime": "react/cjs/react-jsx-runtime.production.js",
  "react-dom": "react-dom/cjs/react-dom.production.js",
  "react-dom/client": "react-dom/cjs/react-dom-client.production.js",
};

/**
 * React's CommonJS production build as an ES module: `var X = require("m"), …;` at its top
 * becomes `import * as X from "m"` and each top-level `exports.NAME = …` an exported const. A
 * CommonJS module is bundled whole with every export it assigns, and a namespace it requires
 * counts as wholly used; as ES modules the bundler drops what no island calls (React's Children
 * helpers, class components, `createPortal`, `flushSync`, the resource hints…; docs/decisions/043).
 * Returns null, leaving the module as it is, for any other shape (e.g. after a React upgrade), so
 * the build still works, only larger, and the e2e JavaScript budget says so.
 */
export function commonJsAsEsm(code: string): string | null {
  const imports: string[] = [];
  let body = code.replace(/^"use strict";$/m, "");
  body = body.replace(
    /^var ((?:[\w$]+ = require\("[^"]+"\)(?:,\s*))*[\w$]+ = require\("[^"]+"\));$/m,
    (_, list: string) => {
      for (const [, local, source] of list.matchAll(/([\w$]+) = require\("([^"]+)"\)/g)) {
        imports.push(`import * as ${local} from ${JSON.stringify(source)};`);
      }
      return "";
    },
  );
  const names: string[] = [];
  body = body.replace(/^exports\.([\w$]+) =/gm, (_, name: string) => {
    names.push(name);
    return `const __export_${name} =`;
  });
  if (/\brequire\(|\bexports\b|\bmodule\.exports\b/.test(body)) return null;
  if (names.length === 0 || new Set(names).size !== names.length) return null;
  const exported = names.map((name) => `__export_${name} as ${name}`).join(", ");
  return `${imports.join("\n")}\n${body}\nexport { ${exported} };\n`;
}

/**
 * Bundles React's production build as ES modules (commonJsAsEsm): the bare imports resolve to
 * React's production files directly (the build is for production only, so the index files'
 * NODE_ENV switch and React DOM's dead-code check are left out), which are then rewritten.
 */
export function reactAsEsModules(): Plugin {
  const files = new Map(
    Object.entries(REACT_PRODUCTION_BUILDS).map(([name, file]) => [
      name,
      fileURLToPath(new URL(`../node_modules/${file}`, import.meta.url)),
    ]),
  );
  const rewritten = new Set(files.values());
  return {
    name: "react-as-es-modules",
    enforce: "pre",
    resolveId(source) {
      return files.get(source) ?? null;
    },
    transform(code, id) {
      if (!rewritten.has(id)) return null;
      const esm = commonJsAsEsm(code);
      if (esm === null)
        this.warn(`${id} is not of the shape commonJsAsEsm rewrites; bundled as it is`);
      return esm === null ? null : { code: esm, map: null };
    },
  };
}
