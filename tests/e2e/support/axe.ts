/** axe-core runs with the WCAG 2.2 AA rule set, and its violations as readable text. */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import type { Result } from "axe-core";
import { VIEWPORTS } from "./routes";

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** The violations axe finds on the page as it stands. */
export async function axeViolations(page: Page): Promise<Result[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations;
}

/**
 * One block per violation: the rule id, impact and summary, then each offending element's
 * selector and axe's summary of what to fix (at most `maxNodes` elements per rule).
 */
export function formatViolations(
  where: string,
  violations: readonly Result[],
  maxNodes = 8,
): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.slice(0, maxNodes).map((node) => {
        const target = node.target.map((part) => JSON.stringify(part)).join(" > ");
        const summary = (node.failureSummary ?? "").replace(/\n/g, "\n        ");
        return `    - ${target}\n        ${summary}`;
      });
      const more =
        violation.nodes.length > maxNodes
          ? [`    … and ${violation.nodes.length - maxNodes} more`]
          : [];
      return [
        `${where}: ${violation.id} (${violation.impact ?? "n/a"}): ${violation.help}`,
        `    ${violation.helpUrl}`,
        ...nodes,
        ...more,
      ].join("\n");
    })
    .join("\n");
}

/**
 * What the page fails at its current size, one line or block each, labelled `where`: axe's
 * violations, and any sideways scrolling (nothing on a staff or public page may scroll sideways).
 */
export async function pageFailures(page: Page, where: string): Promise<string[]> {
  const failures: string[] = [];
  const violations = await axeViolations(page);
  if (violations.length) failures.push(formatViolations(where, violations));
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (overflow > 0) failures.push(`${where} scrolls sideways by ${overflow}px`);
  return failures;
}

/** The page as it stands is axe-clean and does not scroll sideways at 390 and at 1280 px. */
export async function expectCleanAtBothWidths(page: Page, what: string): Promise<void> {
  const failures: string[] = [];
  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    failures.push(...(await pageFailures(page, `${what} ${viewport.width}px`)));
  }
  expect(failures, failures.join("\n")).toEqual([]);
}
