// Child processes for benchmarks: started in their own process group, always stopped.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { openSync } from "node:fs";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/** @type {Set<import("node:child_process").ChildProcess>} */
const running = new Set();

function killGroup(child, signal) {
  try {
    // Negative pid: the whole group we created (e.g. nginx workers, cluster workers).
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

// Last resort when this process exits for any reason: no child outlives the benchmark.
process.on("exit", () => {
  for (const child of running) killGroup(child, "SIGKILL");
});

/**
 * Starts a command in its own process group, stdout and stderr into `logFile`.
 * @returns {import("node:child_process").ChildProcess}
 */
export function start(command, args, { env, cwd, logFile }) {
  const log = openSync(logFile, "a");
  const child = spawn(command, args, { env, cwd, detached: true, stdio: ["ignore", log, log] });
  running.add(child);
  child.once("exit", () => running.delete(child));
  return child;
}

/** Stops a child's group with `signal`, then SIGKILL after `graceMs`. */
export async function stop(child, { signal = "SIGTERM", graceMs = 5000 } = {}) {
  if (child.exitCode !== null || child.signalCode !== null) {
    killGroup(child, "SIGKILL"); // Stray group members, if any.
    running.delete(child);
    return;
  }
  const exited = once(child, "exit");
  killGroup(child, signal);
  const timedOut = await Promise.race([exited.then(() => false), sleep(graceMs).then(() => true)]);
  killGroup(child, "SIGKILL");
  if (timedOut) await exited;
  running.delete(child);
}

/** Stops every child still running. */
export async function stopAll() {
  await Promise.all([...running].map((child) => stop(child)));
}

/** A TCP port that is free on the loopback interface right now. */
export async function freePort() {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address();
  server.close();
  await once(server, "close");
  return port;
}

/** Polls `url` until it answers 2xx, the child exits, or `timeoutMs` passes. */
export async function waitForHttp(url, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let lastError = "no answer";
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${url}: the process exited (${child.exitCode ?? child.signalCode}) before answering`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.ok) return;
      lastError = `status ${response.status}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await sleep(100);
  }
  throw new Error(`${url} did not become ready in ${timeoutMs} ms (${lastError})`);
}
