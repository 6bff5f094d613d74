import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * The real server process (server/main.ts, as `npm start` runs it) for tests that need a whole
 * process: SIGKILL, SIGTERM, a host name of its own.
 */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  origin: string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  output(): string;
}

const root = new URL("../..", import.meta.url).pathname;
/**
 * The built server (`npm run build`) as `npm start` runs it, bundled into one file (decision
 * 039): the only one that renders pages, with its server build.
 */
export const BUILT_MAIN = `${root}build/server-bundle.js`;
const BUILT_PARTS = [BUILT_MAIN, `${root}build/server/index.js`, `${root}build/client`];

/** Why the built server cannot be started here (no `npm run build` yet), or null. */
export function builtServerUnavailableReason(): string | null {
  const missing = BUILT_PARTS.filter((part) => !existsSync(part));
  return missing.length === 0
    ? null
    : `the site is not built (npm run build): ${missing.join(", ")}`;
}

/** Why a server cannot be given its own host name here (`unshare -u` needs root), or null. */
export function ownHostnameUnavailableReason(): string | null {
  if (process.getuid?.() !== 0) return "setting a host name needs root (unshare -u)";
  const probe = spawnSync("unshare", ["-u", "true"]);
  return probe.status === 0 ? null : "unshare -u is not available here";
}

export interface StartServerOptions {
  port: number;
  env: Record<string, string>;
  /** Runs the server in its own UTS namespace with this host name (root only). */
  hostname?: string;
  /**
   * Runs the built server (build/server-bundle.js, which renders the pages) instead of the
   * sources through tsx (API only: the sources find no server build).
   */
  built?: boolean;
  /** Node options before the script, e.g. `--import` of a hook. */
  nodeArgs?: readonly string[];
}

export function startServerProcess(options: StartServerOptions): ServerProcess {
  const nodeArgs = options.nodeArgs ?? [];
  const node = options.built
    ? [process.execPath, ...nodeArgs, BUILT_MAIN]
    : [process.execPath, ...nodeArgs, "--import", "tsx", "server/main.ts"];
  const [command, ...args] = options.hostname
    ? // unshare execs the shell, which sets the name and execs node: the pid stays the server's.
      ["unshare", "-u", "sh", "-c", 'hostname "$0" && exec "$@"', options.hostname, ...node]
    : node;
  const child = spawn(command!, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(options.port),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    port: options.port,
    origin: `http://127.0.0.1:${options.port}`,
    exited,
    output: () => output,
  };
}

/** Waits (at most 30 s) until the process answers /readyz; throws with its output if not. */
export async function waitUntilReady(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  let gone = false;
  void server.exited.then(() => (gone = true));
  while (Date.now() < deadline && !gone) {
    try {
      const response = await fetch(`${server.origin}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become ready:\n${server.output()}`);
}

/** POSTs a contact message; the status, and the id when accepted (0: no answer at all). */
export async function postContact(
  server: ServerProcess,
  index: number,
): Promise<{ status: number; id?: string }> {
  try {
    const response = await fetch(`${server.origin}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.origin },
      body: JSON.stringify({
        firstName: "Fault",
        lastName: `Test ${index}`,
        email: `visitor${index}@example.org`,
        message: `Message number ${index}`,
      }),
    });
    const body = (await response.json().catch(() => ({}))) as { id?: string };
    return response.status === 202 && body.id
      ? { status: 202, id: body.id }
      : { status: response.status };
  } catch {
    return { status: 0 };
  }
}
