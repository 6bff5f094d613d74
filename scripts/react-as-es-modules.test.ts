import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { REACT_PRODUCTION_BUILDS, commonJsAsEsm } from "./react-as-es-modules";

const source = (file: string) =>
  readFileSync(fileURLToPath(new URL(`../node_modules/${file}`, import.meta.url)), "utf8");

describe("commonJsAsEsm", () => {
  it("rewrites a module's requires and exports", () => {
    const esm = commonJsAsEsm(
      '"use strict";\nvar A = require("a"),\n  B = require("b");\nfunction f() { return A.x + B.y; }\nexports.f = f;\nexports.version =\n  "1";\n',
    );
    expect(esm).toBe(
      'import * as A from "a";\nimport * as B from "b";\n\n\nfunction f() { return A.x + B.y; }\n' +
        'const __export_f = f;\nconst __export_version =\n  "1";\n\n' +
        "export { __export_f as f, __export_version as version };\n",
    );
  });

  it("leaves any other shape alone", () => {
    expect(commonJsAsEsm('var a = require("a");\nif (a) exports.x = 1;\n')).toBeNull();
    expect(commonJsAsEsm("exports.x = 1;\nexports.x = 2;\n")).toBeNull();
    expect(commonJsAsEsm("module.exports = function () {};\n")).toBeNull();
    expect(commonJsAsEsm('exports.x = require("a");\n')).toBeNull();
  });

  // A React upgrade that changes the files' shape fails here (and would only make the islands
  // larger, which the e2e JavaScript budget also catches).
  it.each(Object.entries(REACT_PRODUCTION_BUILDS))("rewrites React's %s", (name, file) => {
    const esm = commonJsAsEsm(source(file));
    expect(esm).not.toBeNull();
    const exported = /export \{ (.+) \};\n$/.exec(esm!)![1]!.split(", ");
    const expected: Record<string, string> = {
      react: "__export_useState as useState",
      "react/jsx-runtime": "__export_jsx as jsx",
      "react-dom": "__export_createPortal as createPortal",
      "react-dom/client": "__export_hydrateRoot as hydrateRoot",
    };
    expect(exported).toContain(expected[name]);
  });
});
