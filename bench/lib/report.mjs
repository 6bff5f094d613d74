// Tables for the server benchmark, as Markdown (readable in a terminal and in RESULTS.md).
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { markdownTable } from "./markdown.mjs";

/** docs/product.md section 12: one worker, 50 connections, wrk, nginx on the same bytes in the same run. */
export const TARGETS = {
  pageRatio: 0.35,
  featuredRatio: 0.35,
  // Against a minimal Fastify route answering the same bytes with the same headers, counting on.
  fastifyRatio: 0.9,
  p99Ms: 5,
  rssMb: 150,
  // Counting visits (docs/product.md 5.7): against the same app with STATISTICS=off.
  countingLossPercent: 3,
  countingP99Ms: 0.5,
};

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");
const mb = (bytes) => bytes / (1024 * 1024);
const met = (ok) => (ok ? "yes" : "NO");

/** Medians over a server's runs of one test (each figure separately). */
export function summarise(runs) {
  const pick = (get) => median(runs.map(get));
  return {
    requestsPerSecond: pick((run) => run.requestsPerSecond),
    low: Math.min(...runs.map((run) => run.requestsPerSecond)),
    high: Math.max(...runs.map((run) => run.requestsPerSecond)),
    bytesPerSecond: pick((run) => run.bytesPerSecond),
    cpuUsPerRequest: pick((run) => run.cpuUsPerRequest),
    p50: pick((run) => run.latencyMs.p50),
    p99: pick((run) => run.latencyMs.p99),
    socketErrors: runs.reduce((sum, run) => sum + run.socketErrors, 0),
    badStatus: runs.reduce((sum, run) => sum + run.badStatus, 0),
  };
}

/**
 * @param {{ scenarios: { key: string, name: string, runs: Record<string, any[]> }[],
 *   servers: string[], rss: Map<number, number>, primaryPid: number, workers: number }} run
 */
export function formatResults(run) {
  const summaries = run.scenarios.map((scenario) => ({
    ...scenario,
    figures: Object.fromEntries(
      run.servers.map((server) => [server, summarise(scenario.runs[server])]),
    ),
  }));
  const loadRows = [];
  for (const scenario of summaries) {
    const nginx = scenario.figures.nginx.requestsPerSecond;
    run.servers.forEach((server, i) => {
      const f = scenario.figures[server];
      loadRows.push([
        i === 0 ? scenario.name : "",
        server,
        fixed(f.requestsPerSecond, 0),
        `${fixed(f.low, 0)}–${fixed(f.high, 0)}`,
        `${fixed(f.requestsPerSecond / nginx, 2)}×`,
        fixed(f.cpuUsPerRequest, 1),
        fixed(f.p50, 2),
        fixed(f.p99, 2),
        fixed(f.bytesPerSecond / (1024 * 1024), 1),
        `${f.socketErrors}/${f.badStatus}`,
      ]);
    });
  }
  const loadTable = markdownTable(
    [
      "Test",
      "Server",
      "req/s",
      "req/s range",
      "× nginx",
      "CPU µs/req",
      "p50 ms",
      "p99 ms",
      "MiB/s",
      "socket errors/bad status",
    ],
    loadRows,
  );

  const app = (key) => summaries.find((s) => s.key === key)?.figures.app;
  const ratio = (key, reference = "nginx") => {
    const scenario = summaries.find((s) => s.key === key);
    return scenario?.figures[reference]
      ? scenario.figures.app.requestsPerSecond / scenario.figures[reference].requestsPerSecond
      : NaN;
  };
  const cpuOf = (key, server) =>
    summaries.find((s) => s.key === key)?.figures[server]?.cpuUsPerRequest;
  const fastifyChecks = run.servers.includes("fastify")
    ? ["page", "featured"].map((key) => [
        `${key === "page" ? "page" : "featured JSON"} req/s app/fastify`,
        `${fixed(ratio(key, "fastify"), 2)}× (CPU ${fixed(cpuOf(key, "app"), 1)} against ${fixed(cpuOf(key, "fastify"), 1)} µs/req)`,
        `≥ ${TARGETS.fastifyRatio}×`,
        met(ratio(key, "fastify") >= TARGETS.fastifyRatio),
      ])
    : [];
  const workerPeaks = [...run.rss].filter(([pid]) => run.workers === 1 || pid !== run.primaryPid);
  const maxRss = Math.max(...workerPeaks.map(([, rss]) => rss));
  const primaryRss = run.rss.get(run.primaryPid) ?? NaN;
  const rssDetail =
    run.workers > 1
      ? `max of ${workerPeaks.length} workers; primary ${fixed(mb(primaryRss), 0)} MB; sum ${fixed(mb([...run.rss.values()].reduce((a, b) => a + b, 0)), 0)} MB`
      : "single process";

  const checks = [
    [
      "page req/s app/nginx",
      `${fixed(ratio("page"), 2)}×`,
      `≥ ${TARGETS.pageRatio}×`,
      met(ratio("page") >= TARGETS.pageRatio),
    ],
    [
      "featured JSON req/s app/nginx",
      `${fixed(ratio("featured"), 2)}×`,
      `≥ ${TARGETS.featuredRatio}×`,
      met(ratio("featured") >= TARGETS.featuredRatio),
    ],
    ...fastifyChecks,
    [
      "app p99 page",
      `${fixed(app("page")?.p99, 2)} ms`,
      `≤ ${TARGETS.p99Ms} ms`,
      met(app("page")?.p99 <= TARGETS.p99Ms),
    ],
    [
      "app p99 featured JSON",
      `${fixed(app("featured")?.p99, 2)} ms`,
      `≤ ${TARGETS.p99Ms} ms`,
      met(app("featured")?.p99 <= TARGETS.p99Ms),
    ],
    [
      "app peak RSS per process",
      `${fixed(mb(maxRss), 0)} MB (${rssDetail})`,
      `≤ ${TARGETS.rssMb} MB`,
      met(mb(maxRss) <= TARGETS.rssMb),
    ],
    ...countingCost(summaries),
    ...loggingCost(summaries),
    ["app worker processes", String(run.workers), "", ""],
  ];
  const checkTable = markdownTable(["Figure", "Value", "Target", "Met"], checks);
  return `${loadTable}\n\n${checkTable}`;
}

/**
 * What counting visits costs the page (docs/product.md 5.7): the app against its twin with
 * STATISTICS=off, measured in the same run on the same database.
 */
function countingCost(summaries) {
  const page = summaries.find((s) => s.key === "page")?.figures;
  if (!page?.app || !page["app-uncounted"]) return [];
  const counted = page.app;
  const uncounted = page["app-uncounted"];
  const loss = (1 - counted.requestsPerSecond / uncounted.requestsPerSecond) * 100;
  const p99 = counted.p99 - uncounted.p99;
  const cpu = counted.cpuUsPerRequest - uncounted.cpuUsPerRequest;
  return [
    [
      "page throughput lost to counting (app vs app-uncounted)",
      `${fixed(loss, 1)}% (CPU ${cpu >= 0 ? "+" : ""}${fixed(cpu, 1)} µs/req)`,
      `≤ ${TARGETS.countingLossPercent}%`,
      met(loss <= TARGETS.countingLossPercent),
    ],
    [
      "page p99 added by counting",
      `${p99 >= 0 ? "+" : ""}${fixed(p99, 2)} ms`,
      `≤ ${TARGETS.countingP99Ms} ms`,
      met(p99 <= TARGETS.countingP99Ms),
    ],
  ];
}

/**
 * What the access line (one per request at LOG_LEVEL=info, the default) costs: the app against
 * its twin at LOG_LEVEL=warn, in the same run. A figure to read, with no target of its own; and
 * the twin against the minimal Fastify route, which logs nothing.
 */
function loggingCost(summaries) {
  const rows = [];
  for (const key of ["page", "featured"]) {
    const figures = summaries.find((s) => s.key === key)?.figures;
    if (!figures?.app || !figures["app-unlogged"]) continue;
    const logged = figures.app;
    const unlogged = figures["app-unlogged"];
    const loss = (1 - logged.requestsPerSecond / unlogged.requestsPerSecond) * 100;
    const cpu = logged.cpuUsPerRequest - unlogged.cpuUsPerRequest;
    const name = key === "page" ? "page" : "featured JSON";
    rows.push([
      `${name} throughput lost to the access log (app vs app-unlogged)`,
      `${fixed(loss, 1)}% (CPU ${cpu >= 0 ? "+" : ""}${fixed(cpu, 1)} µs/req)`,
      "",
      "",
    ]);
    if (figures.fastify) {
      rows.push([
        `${name} req/s app-unlogged/fastify`,
        `${fixed(unlogged.requestsPerSecond / figures.fastify.requestsPerSecond, 2)}× (CPU ${fixed(unlogged.cpuUsPerRequest, 1)} µs/req)`,
        "",
        "",
      ]);
    }
  }
  return rows;
}

/** One line describing the machine and software the figures come from. */
export function machineLine({ nginxVersion, wrkVersion }) {
  let cpu = "unknown CPU";
  try {
    cpu =
      /^model name\s*:\s*(.+)$/m.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1]?.trim() ?? cpu;
  } catch {
    // Not Linux.
  }
  return `${availableParallelism()} CPUs (nproc), ${cpu}; Node ${process.version}; ${nginxVersion}; ${wrkVersion}`;
}
