/*
 * Docs checked as code: every repository path named in the README, docs/, bench/RESULTS.md and
 * the comments of the code must exist, so a moved or deleted file cannot leave a pointer behind.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";
import {
  ACCOUNT_LINK_MODULES,
  ADMIN_PATHS,
  EVENT_ROUTES,
  FIXED_REDIRECTS,
  RESOURCE_FILES,
  SINGLE_SCREENS,
  VARIANT_PATHS,
  VARIANT_REDIRECTS,
} from "../app/route-paths";

const root = new URL("..", import.meta.url).pathname;

/** Words that look like paths but name something else. */
const NOT_PATHS = new Set([
  // Ratios' labels in the benchmark tables (the app's figure over nginx's, over Fastify's).
  "app/nginx",
  "app/fastify",
]);

const TOP_FOLDERS = "app|server|common|docs|bench|scripts|tests|public";
// A path starts at one of the top folders (not inside a URL or another path) and is taken whole:
// a path followed by a wildcard or a placeholder (`admin-*`, `<token>`) is a pattern, not a file.
const PATH_PATTERN = new RegExp(
  `(?<![\\w./@~#-])((?:${TOP_FOLDERS})/[\\w.\\-/]*[\\w/])(?![\\w.\\-/*<{$…\\[])`,
  "g",
);
const MARKDOWN_LINK = /\]\(([^)\s]+)\)/g;
const CODE_FILE = /\.(ts|tsx|mjs|js|cjs)$/;

/** The comments of a source file (line and block), where code names files in words. */
function commentsOf(source: string): string {
  const comments: string[] = [];
  for (const match of source.matchAll(/\/\*[\s\S]*?\*\/|(?<![:"'`\\])\/\/[^\n]*/g)) {
    comments.push(match[0]);
  }
  return comments.join("\n");
}

/** Repository paths named in a text, with the trailing punctuation of a sentence removed. */
function pathsIn(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(PATH_PATTERN)) {
    const path = match[1]!.replace(/\.+$/, "");
    // NAME, TOPIC, NNN: a placeholder in a description of a naming rule.
    if (path.split("/").some((segment) => /^[A-Z]{3,}\b/.test(segment))) continue;
    if (!NOT_PATHS.has(path)) found.add(path);
  }
  return [...found];
}

const decisionFiles = readdirSync(join(root, "docs/decisions"));

/** A path as the docs write it: with or without its extension, a folder, or a decision's number. */
function pathExists(path: string): boolean {
  const absolute = join(root, path);
  if (existsSync(absolute)) return true;
  if ([".ts", ".tsx", ".js", ".mjs"].some((extension) => existsSync(absolute + extension))) {
    return true;
  }
  const decision = /^docs\/decisions\/(\d{3})$/.exec(path);
  return decision !== null && decisionFiles.some((file) => file.startsWith(`${decision[1]}-`));
}

/** Every path the router serves (app/routes.ts builds its routes from the same lists). */
function allRoutePaths(): string[] {
  return [
    ...Object.keys(VARIANT_REDIRECTS),
    ...Object.keys(FIXED_REDIRECTS),
    ...VARIANT_PATHS,
    ...SINGLE_SCREENS,
    ...Object.keys(RESOURCE_FILES),
    ...Object.keys(EVENT_ROUTES),
    ...Object.keys(ACCOUNT_LINK_MODULES),
    ...ADMIN_PATHS,
  ];
}

function trackedFiles(): string[] {
  return execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter((file) => file !== "" && existsSync(join(root, file)));
}

function namedIn(file: string): string {
  const text = readFileSync(join(root, file), "utf8");
  return CODE_FILE.test(file) ? commentsOf(text) : text;
}

describe("repository paths named in docs and comments", () => {
  it("finds a path that does not exist (the check can fail)", () => {
    const text = "See `server/no-such-room/gone.ts` and app/features/home/HomeHero.tsx.";
    const missing = pathsIn(text).filter((path) => !pathExists(path));
    expect(missing).toEqual(["server/no-such-room/gone.ts"]);
    expect(
      pathsIn("https://example.org/docs/x.md, app/routes/admin-*, server/x/<name>.ts"),
    ).toEqual([]);
    expect(
      commentsOf('const a = "server/x.ts"; // see server/app.ts\n/* and common/text.ts */'),
    ).toBe("// see server/app.ts\n/* and common/text.ts */");
  });

  it("every path named in README.md, docs/, bench/ and code comments exists", () => {
    const files = trackedFiles().filter(
      (file) => file.endsWith(".md") || (CODE_FILE.test(file) && !file.startsWith("public/")),
    );
    const missing: string[] = [];
    for (const file of files) {
      for (const path of pathsIn(namedIn(file))) {
        if (!pathExists(path)) missing.push(`${file}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("every relative link in the Markdown files leads to a file", () => {
    const missing: string[] = [];
    for (const file of trackedFiles().filter((name) => name.endsWith(".md"))) {
      for (const match of readFileSync(join(root, file), "utf8").matchAll(MARKDOWN_LINK)) {
        const target = match[1]!.split("#")[0]!;
        if (target === "" || /^[a-z]+:/.test(target)) continue;
        if (!existsSync(join(root, normalize(join(dirname(file), target))))) {
          missing.push(`${file}: ${target}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("the route table in docs/product.md", () => {
  it("names every path of app/route-paths.ts", () => {
    const product = readFileSync(join(root, "docs/product.md"), "utf8");
    const table = /### 2\.1 Route table\n([\s\S]*?)\n### /.exec(product)?.[1] ?? "";
    // Each row's first cell lists paths in backticks; `<slug>` there stands for `:slug`.
    const documented = new Set(
      [...table.matchAll(/^\| (.+?) \|/gm)].flatMap((row) =>
        [...row[1]!.matchAll(/`([^`]+)`/g)].map((cell) =>
          cell[1]!.replace(/<(\w+)>/g, ":$1").replace(/\?.*$/, ""),
        ),
      ),
    );
    const missing = allRoutePaths().filter((path) => !documented.has(path));
    expect(missing).toEqual([]);
  });
});
