// wrk, Debian's native HTTP load generator, with its figures read back as JSON.
import { spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";

export const WRK = "/usr/bin/wrk";

// wrk calls `done` once at the end; latencies are in microseconds. Non-2xx/3xx answers count
// as `status` errors.
const REPORT_SCRIPT = `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\\nWRK_JSON {"requests":%d,"durationUs":%d,"bytes":%d,"p50Us":%d,"p90Us":%d,"p99Us":%d,"maxUs":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}\\n',
    summary.requests, summary.duration, summary.bytes,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.status, e.timeout))
end
`;

/**
 * Writes the reporting Lua script into `dir` once; returns its path. With `pauseMs`, each
 * connection waits a random 0 to 2 × `pauseMs` ms before each request (wrk's `delay`), so the
 * load is a steady rate of about connections × 1000 / `pauseMs` requests a second, as visitors
 * arrive, instead of as many as the server can answer; the random pause keeps the requests from
 * falling in step with the server's own timers.
 */
export async function writeWrkScript(dir, { pauseMs } = {}) {
  const file = path.join(dir, pauseMs ? `report-paced-${pauseMs}.lua` : "report.lua");
  const pace = pauseMs ? `delay = function() return math.random(0, ${2 * pauseMs}) end\n` : "";
  await writeFile(file, `${pace}${REPORT_SCRIPT}`);
  return file;
}

/**
 * Loads `url` for `duration` seconds with `connections` keep-alive connections on `threads`
 * threads (`wrk -t -c -d --latency`). Resolves to requests per second, latency percentiles in
 * milliseconds, bytes per second and error counts.
 */
export function wrk({ url, headers = {}, threads, connections, duration, script }) {
  const args = [`-t${threads}`, `-c${connections}`, `-d${duration}s`, "--latency", "-s", script];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(WRK, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (err += chunk));
    child.once("error", reject);
    child.once("close", (code) => {
      const line = /^WRK_JSON (.+)$/m.exec(out)?.[1];
      if (code !== 0 || !line) {
        reject(new Error(`wrk ${args.join(" ")} failed (${code}): ${err || out}`));
        return;
      }
      const raw = JSON.parse(line);
      const seconds = raw.durationUs / 1e6;
      resolve({
        requests: raw.requests,
        requestsPerSecond: raw.requests / seconds,
        bytesPerSecond: raw.bytes / seconds,
        latencyMs: {
          p50: raw.p50Us / 1000,
          p90: raw.p90Us / 1000,
          p99: raw.p99Us / 1000,
          max: raw.maxUs / 1000,
        },
        socketErrors: raw.connect + raw.read + raw.write + raw.timeout,
        badStatus: raw.status,
      });
    });
  });
}
