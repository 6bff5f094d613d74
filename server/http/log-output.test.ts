import { spawn } from "node:child_process";
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setImmediate as nextTurn, setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { batchedLogOutput } from "./log-output.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function logFile(): { fd: number; read: () => string; close: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "site-log-output-"));
  dirs.push(dir);
  const file = join(dir, "log.txt");
  const fd = openSync(file, "w");
  return { fd, read: () => readFileSync(file, "utf8"), close: () => closeSync(fd) };
}

describe("the logger's batched output", () => {
  it("writes the lines together, in order, a short delay after the first", async () => {
    const file = logFile();
    const output = batchedLogOutput(file.fd, 30);
    const started = performance.now();
    output.write('{"msg":"one"}\n');
    await nextTurn();
    output.write('{"msg":"two – ü, 名"}\n');
    // Not per turn of the event loop: under load that was a write for every few requests.
    await nextTurn();
    expect(file.read()).toBe("");
    await sleep(60);
    expect(file.read()).toBe('{"msg":"one"}\n{"msg":"two – ü, 名"}\n');
    expect(performance.now() - started).toBeGreaterThanOrEqual(29);
    file.close();
  });

  it("keeps the order when the batch fills and when one line is longer than a batch", async () => {
    const file = logFile();
    const output = batchedLogOutput(file.fd);
    const lines: string[] = [];
    for (let i = 0; i < 2_000; i += 1) lines.push(`{"n":${i},"pad":"${"x".repeat(i % 97)}"}\n`);
    lines.splice(700, 0, `{"long":"${"é".repeat(70_000)}"}\n`);
    for (const line of lines) output.write(line);
    output.flush();
    expect(file.read()).toBe(lines.join(""));
    file.close();
  });

  it("loses nothing through a pipe its reader empties slowly", async () => {
    // A child process logs 4 MB through fd 1 faster than this process reads it, with the pipe
    // made non-blocking (as a parent may hand it over), so full-pipe writes fail with EAGAIN.
    const lineCount = 40_000;
    const child = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const { batchedLogOutput } = await import(${JSON.stringify(
          new URL("./log-output.ts", import.meta.url).href,
        )});
         process.stdout._handle.setBlocking(false);
         const output = batchedLogOutput(1);
         for (let i = 0; i < ${lineCount}; i += 1) output.write(JSON.stringify({ n: i, pad: "y".repeat(80) }) + "\\n");`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    const chunks: Buffer[] = [];
    child.stdout.pause();
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stdout.resume();
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect(code).toBe(0);
    const lines = Buffer.concat(chunks).toString("utf8").trimEnd().split("\n");
    expect(lines).toHaveLength(lineCount);
    expect(lines.map((line) => (JSON.parse(line) as { n: number }).n)).toEqual(
      Array.from({ length: lineCount }, (_, i) => i),
    );
  });
});
