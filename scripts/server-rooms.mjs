// Lists the import arrows between the server's rooms (its folders, and each module at its root),
// so that their direction can be seen:
//   node scripts/server-rooms.mjs [--files] [--tests]
// Each line is "from -> to  count" (type-only imports counted apart); --files also names the
// importing files. Tests and their helpers (*.test.ts, test-*.ts, test-support/) are left out
// unless --tests is given: they may start the whole app. The allowed direction is written in
// eslint.config.js (SERVER_LAYERS).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
const server = join(root, "server");
const withFiles = process.argv.includes("--files");
const withTests = process.argv.includes("--tests");

function isTestCode(file) {
  return /(^|\/)(test-[^/]*|[^/]*\.test)\.ts$|^test-support\//.test(relative(server, file));
}

function roomOf(file) {
  const path = relative(server, file).split(sep);
  // A root module, named as in eslint.config.js (imports name it .js).
  return path.length === 1 ? path[0].replace(/\.js$/, ".ts") : path[0];
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (entry.name.endsWith(".ts")) yield path;
  }
}

/** The relative module specifiers a file imports or re-exports, with whether only types come. */
function importsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const found = [];
  for (const node of source.statements) {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const typeOnly = ts.isImportDeclaration(node)
        ? Boolean(node.importClause?.isTypeOnly) ||
          Boolean(
            node.importClause &&
            !node.importClause.name &&
            node.importClause.namedBindings &&
            ts.isNamedImports(node.importClause.namedBindings) &&
            node.importClause.namedBindings.elements.length > 0 &&
            node.importClause.namedBindings.elements.every((element) => element.isTypeOnly),
          )
        : node.isTypeOnly;
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    }
  }
  return found.filter(({ specifier }) => specifier.startsWith("."));
}

const arrows = new Map();
for (const file of sourceFiles(server)) {
  if (!withTests && isTestCode(file)) continue;
  const from = roomOf(file);
  for (const { specifier, typeOnly } of importsOf(file)) {
    const target = resolve(dirname(file), specifier);
    if (!target.startsWith(server + sep)) continue;
    const to = roomOf(target);
    if (to === from) continue;
    const key = `${from} -> ${to}`;
    const arrow = arrows.get(key) ?? { values: 0, types: 0, files: new Set() };
    arrow[typeOnly ? "types" : "values"] += 1;
    arrow.files.add(relative(root, file) + (typeOnly ? " (types)" : ""));
    arrows.set(key, arrow);
  }
}

for (const [key, { values, types, files }] of [...arrows].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`${key.padEnd(36)} ${values}${types ? ` + ${types} type-only` : ""}`);
  if (withFiles) for (const file of [...files].sort()) console.log(`    ${file}`);
}
