// Inlines the stylesheets of every pre-rendered page into the page itself (docs/product.md section 12,
// docs/decisions/013-inline-css-and-hydration-on-demand.md), so no page waits for a stylesheet
// request before its first paint. The server allows each <style> by its SHA-256 hash
// (server/web/csp.ts). Runs after `react-router build`, before scripts/compress.mjs.
//
// Usage: node scripts/inline-css.ts [dir]   (default: build/client)
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** <link ... rel="stylesheet" ... href="/assets/x.css" ...> as React Router's <Links/> writes it. */
const LINK_RE = /<link\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
const ATTRIBUTE_RE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/** A page that loads React Router's client (a module script) hydrates; the others never do. */
const HYDRATES_RE = /<script\b[^>]*\btype\s*=\s*["']?module\b/i;

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  const inner = tag.replace(/^<link\b/i, "").replace(/\/?>$/, "");
  for (const match of inner.matchAll(ATTRIBUTE_RE)) {
    const name = match[1];
    if (name) found.set(name.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? "");
  }
  return found;
}

export interface InlineResult {
  readonly html: string;
  /** The stylesheets now inside the page, in cascade order. */
  readonly inlined: string[];
  /** Whether the page hydrates (its links stay, disabled, for React Router to find). */
  readonly hydrates: boolean;
}

/**
 * Replaces the page's same-origin stylesheet links with one <style> holding their CSS in the
 * same order, where the first link was. On a page that hydrates, each link stays with a
 * `disabled` attribute: the browser neither fetches nor applies a disabled stylesheet, but
 * React hydrates the <link> that <Links/> renders onto it (it compares rel and href only), and
 * React Router keeps it for as long as its route is matched. A route entered later by
 * client-side navigation gets a new, enabled link, so its CSS still loads.
 */
export function inlineStylesheets(html: string, cssOf: (href: string) => string): InlineResult {
  const hydrates = HYDRATES_RE.test(html);
  const inlined: string[] = [];
  const css: string[] = [];
  let firstLink = -1;
  const rewritten = html.replace(LINK_RE, (tag: string, offset: number) => {
    const attrs = attributes(tag);
    const href = attrs.get("href") ?? "";
    const isStylesheet = (attrs.get("rel") ?? "").toLowerCase().split(/\s+/).includes("stylesheet");
    if (!isStylesheet || !href.startsWith("/") || href.startsWith("//") || attrs.has("media")) {
      return tag;
    }
    if (attrs.has("disabled")) throw new Error(`${href} is already disabled: inlined twice?`);
    const text = cssOf(href);
    if (/<\/style/i.test(text))
      throw new Error(`${href} contains "</style", which would end the element`);
    if (firstLink < 0) firstLink = offset;
    if (!inlined.includes(href)) {
      inlined.push(href);
      css.push(text.trim());
    }
    return hydrates ? `<link rel="stylesheet" href="${href}" disabled=""/>` : "";
  });
  if (inlined.length === 0) return { html, inlined, hydrates };
  // Offsets before the first link are unchanged by the replacement.
  const style = `<style>${css.join("\n")}</style>`;
  return {
    html: rewritten.slice(0, firstLink) + style + rewritten.slice(firstLink),
    inlined,
    hydrates,
  };
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

async function main(dir: string): Promise<void> {
  const cache = new Map<string, string>();
  const reads: Promise<void>[] = [];
  const files = await htmlFiles(dir);
  // Stylesheets are read up front so the rewriting itself stays synchronous.
  const pages = await Promise.all(
    files.map(async (file): Promise<[string, string]> => [file, await readFile(file, "utf8")]),
  );
  for (const [, html] of pages) {
    for (const tag of html.match(LINK_RE) ?? []) {
      const href = attributes(tag).get("href");
      if (href?.endsWith(".css") && href.startsWith("/") && !cache.has(href)) {
        cache.set(href, "");
        reads.push(
          readFile(path.join(dir, href), "utf8").then((text) => void cache.set(href, text)),
        );
      }
    }
  }
  await Promise.all(reads);
  const lines: string[] = [];
  for (const [file, html] of pages) {
    const result = inlineStylesheets(html, (href) => {
      const text = cache.get(href);
      if (text === undefined) throw new Error(`${href}: not in the build`);
      return text;
    });
    if (result.inlined.length === 0) continue;
    await writeFile(file, result.html);
    const bytes = result.inlined.reduce((sum, href) => sum + (cache.get(href)?.length ?? 0), 0);
    lines.push(
      `  ${path.relative(dir, file)}: ${result.inlined.length} stylesheet(s), ` +
        `${(bytes / 1024).toFixed(1)} KiB${result.hydrates ? " (hydrates: links kept, disabled)" : ""}`,
    );
  }
  console.log(`inline-css: ${lines.length} page(s) in ${dir}\n${lines.join("\n")}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL("..", import.meta.url));
  await main(path.resolve(root, process.argv[2] ?? "build/client"));
}
