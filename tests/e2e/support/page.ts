/**
 * Opening a page the way the site-wide checks need it: wait for the redirects to settle, for
 * React to hydrate the main landmark, and for the featured strip to stop loading.
 */
import { expect, type Page } from "@playwright/test";
import { settledPath } from "./routes";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./seed";

/** Matches a URL whose path is exactly `path` (any query or hash). */
export function urlWithPath(path: string): (url: URL) => boolean {
  return (url) => url.pathname === path;
}

/**
 * Resolves once the page is ready to use. A staff page loads React Router's client (its inline
 * context script sets `window.__reactRouterContext`) and is ready once React has hydrated it:
 * `<main id="main">` (or, on a page without one, `<body>`) carries React's fiber, which React
 * attaches to each node it hydrates. A public page (docs/decisions/024) is ready once loaded and
 * each of its islands (`[data-island]`) has been hydrated: the island's first element carries a
 * fiber. A page without islands loads no JavaScript and is ready once loaded.
 */
export async function waitForPageReady(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const hasFiber = (element: Element | null) =>
        element !== null && Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
      if ("__reactRouterContext" in window) {
        return hasFiber(document.getElementById("main") ?? document.body);
      }
      if (document.readyState !== "complete") return false;
      return [...document.querySelectorAll("[data-island]")].every((island) =>
        hasFiber(island.firstElementChild),
      );
    },
    undefined,
    { timeout },
  );
}

/** Resolves once nothing on the page says it is still loading (`aria-busy="true"`). */
export async function waitForIdleRegions(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * `page.goto(path)`, tolerating the redirect pages replacing themselves (`location.replace`
 * from an inline script) while the first document is still loading: the caller then waits for
 * the URL it expects.
 */
export async function gotoPath(page: Page, path: string): Promise<void> {
  try {
    await page.goto(path);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!/interrupted by another navigation|net::ERR_ABORTED/.test(message)) throw error;
  }
}

/**
 * Goes to `path` and waits until it settled where the redirect rules say it should at the
 * page's current width, is ready (hydrated where it hydrates), and finished loading its data. Returns the settled path.
 */
export async function openPage(page: Page, path: string): Promise<string> {
  const width = page.viewportSize()?.width ?? 1280;
  const target = settledPath(path, width);
  await gotoPath(page, path);
  await page.waitForURL(urlWithPath(target));
  await waitForPageReady(page);
  await waitForIdleRegions(page);
  return target;
}

export interface ConsoleProblems {
  /** Console errors, React hydration warnings, uncaught exceptions and CSP violations. */
  readonly messages: string[];
  clear(): void;
}

const HYDRATION_RE = /hydrat|mismatch|Minified React error #(418|419|420|421|422|423|425)\b/i;
const CSP_RE = /Content[- ]Security[- ]Policy/i;

/**
 * Collects every console error, every console warning about hydration or a mismatch, every
 * uncaught page error and every Content-Security-Policy violation of `page` (violations are
 * caught with a `securitypolicyviolation` listener installed before any page script runs).
 */
export async function collectConsoleProblems(page: Page): Promise<ConsoleProblems> {
  const messages: string[] = [];
  await page.exposeBinding("__siteCheckCspViolation", (_source, text: string) => {
    messages.push(`CSP violation: ${text}`);
  });
  await page.addInitScript(() => {
    const report = (window as unknown as { __siteCheckCspViolation: (text: string) => void })
      .__siteCheckCspViolation;
    document.addEventListener("securitypolicyviolation", (event) => {
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI || "(inline)"} ` +
          `at ${event.sourceFile || location.href}:${event.lineNumber} sample=${JSON.stringify(event.sample)}`,
      );
    });
  });
  page.on("console", (message) => {
    const type = message.type();
    const text = message.text();
    const where = message.location().url ? ` (${message.location().url})` : "";
    if (type === "error") messages.push(`console.error: ${text}${where}`);
    else if (type === "warning" && (HYDRATION_RE.test(text) || CSP_RE.test(text))) {
      messages.push(`console.warning: ${text}${where}`);
    }
  });
  page.on("pageerror", (error) => {
    messages.push(`uncaught ${error.name}: ${error.message}`);
  });
  return {
    messages,
    clear() {
      messages.length = 0;
    },
  };
}

/** Opens a staff page (the updates page unless told) and unlocks it with the admin password. */
export async function unlockStaffPage(page: Page, path = "/admin/updates"): Promise<void> {
  await page.goto(path);
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Unlock" }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
}
