import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { MOBILE_BREAKPOINT } from "./viewport";

/*
 * CSS cannot import the breakpoint from viewport.ts, so this test keeps the stylesheets' copies
 * true to it: a media query that switches layout at the mobile width must say exactly
 * MOBILE_BREAKPOINT (max-width just below it, min-width at it). Other widths (900 px for the
 * desktop pages' one-column layout, and so on) are the components' own and are left alone.
 */
const appDir = new URL("..", import.meta.url).pathname;

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith(".css") ? [path] : [];
  });
}

/** Every `(max-width: Npx)` / `(min-width: Npx)` of the stylesheets near the mobile width. */
function nearBreakpoint() {
  const found: { file: string; query: string; px: number }[] = [];
  for (const file of cssFiles(appDir)) {
    const css = readFileSync(file, "utf8");
    for (const match of css.matchAll(/\((max|min)-width:\s*([\d.]+)px\)/g)) {
      const px = Number(match[2]);
      if (Math.abs(px - MOBILE_BREAKPOINT) <= 2) {
        found.push({ file: relative(appDir, file), query: match[0], px });
      }
    }
  }
  return found;
}

describe("the mobile breakpoint in the stylesheets", () => {
  it("is the one of viewport.ts wherever a stylesheet switches at the mobile width", () => {
    const queries = nearBreakpoint();
    expect(queries.length).toBeGreaterThan(0);
    for (const { file, query, px } of queries) {
      const expected = query.startsWith("(max") ? MOBILE_BREAKPOINT - 0.02 : MOBILE_BREAKPOINT;
      expect(px, `${file}: ${query}`).toBe(expected);
    }
  });
});
