// Tables for the server benchmark, as Markdown (readable in a terminal and in RESULTS.md).
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";

export const TARGETS = {
  pageRatio: 0.5,
  featuredRatio: 0.4,
  p99Ms: 10,
  rssMb: 150,
};

function table(header, rows) {
  const widths = header.map((cell, i) =>
    Math.max(cell.length, ...rows.map((row) => String(row[i]).length)),
  );
  const line = (cells) =>
    `| ${cells.map((cell, i) => String(cell).padEnd(widths[i])).join(" | ")} |`;
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join(
    "\n",
  );
}

const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");
const mb = (bytes) => bytes / (1024 * 1024);
const met = (ok) => (ok ? "yes" : "NO");

/**
 * @param {{ scenarios: { key: string, name: string, app: any, nginx: any }[],
 *   rss: Map<number, number>, primaryPid: number, workers: number }} run
 */
export function formatResults(run) {
  const loadRows = [];
  for (const scenario of run.scenarios) {
    for (const server of ["app", "nginx"]) {
      const result = scenario[server];
      loadRows.push([
        server === "app" ? scenario.name : "",
        server,
        fixed(result.requests.average, 0),
        fixed(result.latency.p50, 0),
        fixed(result.latency.p99, 0),
        fixed(result.throughput.average / (1024 * 1024), 1),
        `${result.errors + result.timeouts}/${result.non2xx}`,
      ]);
    }
  }
  const loadTable = table(
    ["Test", "Server", "req/s", "p50 ms", "p99 ms", "MiB/s", "errors/non-2xx"],
    loadRows,
  );

  const ratio = (key) => {
    const scenario = run.scenarios.find((s) => s.key === key);
    return scenario ? scenario.app.requests.average / scenario.nginx.requests.average : NaN;
  };
  const p99 = (key) => run.scenarios.find((s) => s.key === key)?.app.latency.p99 ?? NaN;
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
    [
      "app p99 page",
      `${fixed(p99("page"), 0)} ms`,
      `≤ ${TARGETS.p99Ms} ms`,
      met(p99("page") <= TARGETS.p99Ms),
    ],
    [
      "app p99 featured JSON",
      `${fixed(p99("featured"), 0)} ms`,
      `≤ ${TARGETS.p99Ms} ms`,
      met(p99("featured") <= TARGETS.p99Ms),
    ],
    [
      "app peak RSS per process",
      `${fixed(mb(maxRss), 0)} MB (${rssDetail})`,
      `≤ ${TARGETS.rssMb} MB`,
      met(mb(maxRss) <= TARGETS.rssMb),
    ],
    ["app worker processes", String(run.workers), "", ""],
  ];
  const checkTable = table(["Figure", "Value", "Target", "Met"], checks);
  return `${loadTable}\n\n${checkTable}`;
}

/** One line describing the machine and software the figures come from. */
export function machineLine({ nginxVersion }) {
  let cpu = "unknown CPU";
  try {
    cpu =
      /^model name\s*:\s*(.+)$/m.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1]?.trim() ?? cpu;
  } catch {
    // Not Linux.
  }
  return `${availableParallelism()} CPUs (nproc), ${cpu}; Node ${process.version}; ${nginxVersion}`;
}
