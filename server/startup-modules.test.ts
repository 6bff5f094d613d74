import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { drawnImage } from "./media/test-images.js";
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
  "the WebAuthn library (loaded by the first passkey request)":
    /\/node_modules\/(@simplewebauthn\/server|@peculiar|asn1js)\//,
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

const OWNER = { email: "owner@example.org", password: "a long owner password for modules" };

/** Starts a server that records its modules, runs `requests` against it, stops it: the list. */
async function modulesLoaded(
  built: boolean,
  env: Record<string, string>,
  requests: (server: ServerProcess) => Promise<void>,
): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), "site-startup-modules-"));
  dirs.push(dir);
  const list = join(dir, "modules.txt");
  const server = startServerProcess({
    port: await freePort(),
    built,
    nodeArgs: ["--import", RECORD_MODULES],
    env: { DATABASE_URL: `sqlite:${join(dir, "site.db")}`, LOADED_MODULES_FILE: list, ...env },
  });
  servers.push(server);
  await waitUntilReady(server);
  await requests(server);
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
  return readFileSync(list, "utf8").split("\n");
}

/** A page and the API, as a visitor's first requests. */
async function visit(server: ServerProcess): Promise<void> {
  for (const path of ["/home-desktop", "/api/updates/featured", "/healthz"]) {
    const response = await fetch(`${server.origin}${path}`);
    await response.arrayBuffer();
  }
}

const modulesLoadedByAStart = (built: boolean) => modulesLoaded(built, {}, visit);

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
    expect(unexpected(loaded)).toEqual({});
    // The process is one bundle (decision 039): the server build, the compiled API and
    // `common/` are inside it, none of them loaded a second time from its own file.
    expect(loaded.filter((url) => url.endsWith("/build/server-bundle.js"))).toHaveLength(1);
    expect(loaded.filter((url) => /\/build\/(api|server)\//.test(url))).toEqual([]);
    // Inside it, the page build imports common/ from the API's build instead of bundling a
    // second copy of the content schemas and seeds (vite.config.ts).
    const pageBuild = readFileSync(new URL("../build/server/index.js", import.meta.url), "utf8");
    expect(pageBuild).toContain('from "../api/common/content/registry.js"');
  });

  it("after an image upload, the server's own process has still not loaded the image library", async () => {
    const loaded = await modulesLoaded(
      false,
      { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password, MEDIA_RATE_LIMIT: "0" },
      async (server) => {
        const headers = { origin: server.origin };
        const login = await fetch(`${server.origin}/api/session`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify(OWNER),
        });
        expect(login.status).toBe(204);
        const cookie = login.headers
          .getSetCookie()
          .map((line) => line.split(";", 1)[0])
          .join("; ");
        const form = new FormData();
        form.append("alt", "A drawn test picture");
        form.append(
          "file",
          new Blob([new Uint8Array(await drawnImage(640, 480, "png"))]),
          "picture.png",
        );
        const upload = await fetch(`${server.origin}/api/media`, {
          method: "POST",
          headers: { ...headers, cookie },
          body: form,
        });
        expect(upload.status, await upload.text()).toBe(201);
      },
    );
    expect(loaded.some((url) => url.includes("/server/media/image-processor."))).toBe(true);
    expect(loaded.filter((url) => /\/node_modules\/sharp\//.test(url))).toEqual([]);
  });
});
