/**
 * `npm run dev` hydrates the public pages' islands (docs/decisions/036): the dev server renders
 * pages from the sources, without the built server that names the island build's entry, so before
 * this the islands stayed server HTML in development. Starts `scripts/dev.mjs` (Vite's dev server
 * and the API in watch mode) on ports of its own and opens pages with islands in Chromium.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";

const e2ePort = Number(process.env.E2E_PORT ?? 4310);
/** Away from the e2e server (E2E_PORT) and its mail catcher (E2E_PORT + 20000). */
const DEV_PORT = e2ePort + 10_000;
const API_PORT = e2ePort + 10_001;
const devOrigin = `http://localhost:${DEV_PORT}`;

let dev: ChildProcess | undefined;
let dataDir = "";
let output = "";

/** Resolves once the dev server answers a page, or fails with what the servers printed. */
async function waitForDevServer(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (dev?.exitCode !== null) throw new Error(`npm run dev exited:\n${output}`);
    try {
      if ((await fetch(`${devOrigin}/about-mobile`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the dev server did not answer within ${timeoutMs} ms:\n${output}`);
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(join(tmpdir(), "dev-islands-"));
  dev = spawn(process.execPath, ["scripts/dev.mjs"], {
    // Its own process group, so the test can stop the servers dev.mjs starts.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      DEV_PORT: String(DEV_PORT),
      API_PORT: String(API_PORT),
      DATABASE_URL: `sqlite:${join(dataDir, "site.db")}`,
      LOG_LEVEL: "warn",
    },
  });
  dev.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  dev.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await waitForDevServer(90_000);
});

test.afterAll(() => {
  if (dev?.pid !== undefined && dev.exitCode === null) {
    try {
      process.kill(-dev.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

for (const { path, width, islands } of [
  { path: "/contact-mobile", width: 390, islands: ["contact-form"] },
  { path: "/home-desktop", width: 1280, islands: ["featured-strip", "partner-carousel"] },
]) {
  test(`${path} hydrates its islands under npm run dev`, async ({ page }) => {
    test.setTimeout(90_000);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${devOrigin}${path}`);
    for (const name of islands) {
      await expect(page.locator(`[data-island="${name}"]`)).toHaveAttribute(
        "data-island-hydrated",
        "",
        { timeout: 60_000 },
      );
    }
    // React adopted the server's elements (its fiber is on them), and nothing failed.
    const hydrated = await page.evaluate(
      (names) =>
        names.every((name) => {
          const child = document.querySelector(`[data-island="${name}"]`)?.firstElementChild;
          return !!child && Object.keys(child).some((key) => key.startsWith("__reactFiber$"));
        }),
      islands,
    );
    expect(hydrated, `every island of ${path} carries React's fiber`).toBe(true);
    expect(errors.filter((text) => !/Download the React DevTools/.test(text))).toEqual([]);
  });
}
