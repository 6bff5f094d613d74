import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "./test-support/free-port.js";
import {
  builtServerUnavailableReason,
  startServerProcess,
  waitUntilReady,
  type ServerProcess,
} from "./test-support/server-process.js";

/**
 * What the page-serving process loads at start, and so keeps in memory for its whole life
 * (docs/decisions/031): modules that only some requests need are loaded by those requests,
 * and the ones this deployment never needs not at all.
 */
const NOT_AT_START: Readonly<Record<string, RegExp>> = {
  "the PostgreSQL driver (DATABASE_URL names SQLite)": /\/node_modules\/pg(-[a-z]+)?\//,
  "the image library (images are processed in a child process)": /\/node_modules\/sharp\//,
  "the mail library (loaded by the first mail)": /\/node_modules\/nodemailer\//,
  "the common-password list (loaded by a password check)": /\/node_modules\/@zxcvbn-ts\//,
  "Fastify's schema compilers (input is validated with zod)":
    /\/node_modules\/(ajv|ajv-formats|@fastify\/ajv-compiler|@fastify\/fast-json-stringify-compiler)\//,
};

/** Records the URL of every module the process loads, written to a file when it exits. */
const RECORD_MODULES = `data:text/javascript,${encodeURIComponent(`
import { registerHooks } from "node:module";
import { writeFileSync } from "node:fs";
const loaded = [];
registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
process.on("exit", () => writeFileSync(process.env.LOADED_MODULES_FILE, loaded.join("\\n")));
`)}`;

const servers: ServerProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const server of servers.splice(0)) server.child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function modulesLoadedByAStart(built: boolean): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), "site-startup-modules-"));
  dirs.push(dir);
  const list = join(dir, "modules.txt");
  const server = startServerProcess({
    port: await freePort(),
    built,
    nodeArgs: ["--import", RECORD_MODULES],
    env: { DATABASE_URL: `sqlite:${join(dir, "site.db")}`, LOADED_MODULES_FILE: list },
  });
  servers.push(server);
  await waitUntilReady(server);
  // A page and the API, as a visitor's first requests.
  for (const path of ["/home-desktop", "/api/updates/featured", "/healthz"]) {
    const response = await fetch(`${server.origin}${path}`);
    await response.arrayBuffer();
  }
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
  return readFileSync(list, "utf8").split("\n");
}

function unexpected(loaded: readonly string[]): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const [what, pattern] of Object.entries(NOT_AT_START)) {
    const modules = loaded.filter((url) => pattern.test(url));
    if (modules.length > 0) found[what] = modules.slice(0, 3);
  }
  return found;
}

describe("the modules a server loads at start", () => {
  it("from the sources: none that only later requests or other deployments need", async () => {
    const loaded = await modulesLoadedByAStart(false);
    // The recording works: the app's own modules and Fastify are in the list.
    expect(loaded.some((url) => url.endsWith("/server/app.ts"))).toBe(true);
    expect(loaded.some((url) => url.includes("/node_modules/fastify/"))).toBe(true);
    expect(unexpected(loaded)).toEqual({});
  });

  it("built, rendering pages: none that only later requests or other deployments need", async (context) => {
    const reason = builtServerUnavailableReason();
    if (reason) return context.skip(reason);
    const loaded = await modulesLoadedByAStart(true);
    expect(loaded.some((url) => url.endsWith("/build/server/index.js"))).toBe(true);
    expect(unexpected(loaded)).toEqual({});
  });
});
