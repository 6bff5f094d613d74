import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { MOBILE_BREAKPOINT } from "./viewport";

/*
 * CSS cannot import the breakpoint from viewport.ts, so every stylesheet query at the mobile
 * width says so in a comment on the line before it (MARKER), and this test holds each one to
 * MOBILE_BREAKPOINT: max-width just below it, min-width at it. Change the constant and every
 * marked query fails until it follows; a query near today's breakpoint without the marker fails
 * too, so no copy goes unnoticed. Other widths (900 px for the desktop pages' one column, and so
 * on) are the components' own.
 */
const MARKER = "MOBILE_BREAKPOINT";
const appDir = new URL("..", import.meta.url).pathname;

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith(".css") ? [path] : [];
  });
}

interface WidthQuery {
  where: string;
  kind: "max" | "min";
  px: number;
  marked: boolean;
}

function widthQueries(): WidthQuery[] {
  const found: WidthQuery[] = [];
  for (const file of cssFiles(appDir)) {
    const lines = readFileSync(file, "utf8").split("\n");
    lines.forEach((line, index) => {
      for (const match of line.matchAll(/\((max|min)-width:\s*([\d.]+)px\)/g)) {
        found.push({
          where: `${relative(appDir, file)}:${index + 1}`,
          kind: match[1] as "max" | "min",
          px: Number(match[2]),
          marked: index > 0 && lines[index - 1]!.includes(MARKER),
        });
      }
    });
  }
  return found;
}

const expected = (kind: "max" | "min") =>
  kind === "max" ? MOBILE_BREAKPOINT - 0.02 : MOBILE_BREAKPOINT;

describe("the mobile breakpoint in the stylesheets", () => {
  const queries = widthQueries();

  it("is the one of viewport.ts in every query marked as the mobile breakpoint", () => {
    const marked = queries.filter((query) => query.marked);
    expect(marked.length).toBeGreaterThan(0);
    for (const { where, kind, px } of marked) expect(px, where).toBe(expected(kind));
  });

  it("is marked wherever a stylesheet switches at the mobile width", () => {
    const unmarked = queries.filter(
      (query) => !query.marked && Math.abs(query.px - MOBILE_BREAKPOINT) <= 2,
    );
    expect(unmarked.map((query) => query.where)).toEqual([]);
  });
});
