import { existsSync } from "node:fs";

/** The Chromium the tests drive: CHROMIUM_PATH, Debian's, or (undefined) Playwright's own. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((path): path is string => Boolean(path) && existsSync(path as string));
}

/** Flags for a sandboxed CI machine with no network but loopback. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
