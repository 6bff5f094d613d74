// Publish latency: how long a content publish takes to reach the rendered HTML of every instance
// (docs/product.md section 14 promises 2 s). Two built server processes share one fresh
// PostgreSQL database; each round saves a new course title as a draft through instance A's API,
// publishes it, and polls /services-desktop on A and B until the title is in the HTML. Prints
// min, median, p95 and max per instance; asserts nothing.
// Usage: node bench/publish-latency.mjs [--record]
//   --record              append the figures to bench/RESULTS.md
//   BENCH_PUBLISHES       rounds (default 20)
//   BENCH_PAUSE_MS        quiet time between rounds (default 500)
//   BENCH_POSTGRES_URL    the cluster (default TEST_DATABASE_URL, else postgres://127.0.0.1:5432/test);
//                         a database of the benchmark's own is created there and dropped after
// Latency is measured from sending the publish request to the first poll answer that holds the
// new title; each instance is polled back to back (5 ms apart), so it includes the render.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { appendFile, mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir, userInfo } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { appEnvironment, appNodeFlags } from "./lib/app-flags.mjs";
import { sampleRss } from "./lib/rss.mjs";
import pg from "pg";
import { median } from "./lib/report.mjs";
import { freePort, start, stopAll, waitForHttp } from "./lib/processes.mjs";
import { markdownTable } from "./lib/markdown.mjs";
import { positiveFromEnv } from "./lib/env.mjs";

/** The owner the benchmark's server is started with (ADMIN_EMAIL) and signs in as. */
const BENCH_OWNER_EMAIL = "owner@example.org";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const APP_MAIN = path.join(ROOT, "build/server-bundle.js");
const SERVER_BUILD = path.join(ROOT, "build/server/index.js");
const RESULTS_FILE = path.join(ROOT, "bench/RESULTS.md");
const PAGE = "/services-desktop";
const PROMISE_MS = 2_000;
/** A round that has not shown the title after this long is counted as not visible. */
const ROUND_LIMIT_MS = 10_000;
const PASSWORD = `bench-${randomBytes(12).toString("hex")}`;
const record = process.argv.includes("--record");

const PUBLISHES = positiveFromEnv("BENCH_PUBLISHES", 20);
const PAUSE_MS = positiveFromEnv("BENCH_PAUSE_MS", 500);
const CLUSTER_URL =
  process.env.BENCH_POSTGRES_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://127.0.0.1:5432/test";

const log = (message) => process.stderr.write(`bench: ${message}\n`);
/** Stops the servers and drops the benchmark's database (also on Ctrl-C). */
let cleanup = () => stopAll();

/** The URL with a user name (as the server does: PGUSER, USER, the OS user). */
function withUser(url) {
  const parsed = new URL(url);
  if (!parsed.username)
    parsed.username = process.env.PGUSER || process.env.USER || userInfo().username;
  return parsed;
}

async function admin(statement) {
  const client = new pg.Client({ connectionString: withUser(CLUSTER_URL).toString() });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The value below which `fraction` of the sorted values lie (nearest rank). */
function percentile(values, fraction) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

/** Staff calls to one instance with its session cookie and its own Origin. */
async function staffClient(origin) {
  const login = await fetch(`${origin}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: BENCH_OWNER_EMAIL, password: PASSWORD }),
  });
  if (login.status !== 204) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(";", 1)[0])
    .join("; ");
  return async (method, pathname, body) => {
    const response = await fetch(`${origin}${pathname}`, {
      method,
      headers: {
        cookie,
        origin,
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
}

/** Milliseconds from `startedAt` until the page at `origin` holds `text`, or Infinity. */
async function visibleAfter(origin, text, startedAt) {
  while (performance.now() - startedAt < ROUND_LIMIT_MS) {
    const html = await (await fetch(`${origin}${PAGE}`)).text();
    if (html.includes(text)) return performance.now() - startedAt;
    await sleep(5);
  }
  return Number.POSITIVE_INFINITY;
}

const ms = (value) => (Number.isFinite(value) ? value.toFixed(0) : "never");

async function main() {
  for (const part of [APP_MAIN, SERVER_BUILD]) {
    if (!existsSync(part))
      throw new Error(`${path.relative(ROOT, part)} is missing: npm run build`);
  }
  const name = `bench_publish_${randomBytes(4).toString("hex")}`;
  const logDir = await mkdtemp(path.join(tmpdir(), "bench-publish-"));
  cleanup = async () => {
    await stopAll();
    await admin(`drop database if exists ${name} with (force)`).catch(() => {});
    await rm(logDir, { recursive: true, force: true });
  };
  try {
    await admin(`create database ${name}`);
    const databaseUrl = withUser(CLUSTER_URL);
    databaseUrl.pathname = `/${name}`;
    const postgresVersion = (await admin("show server_version")).rows[0]?.server_version ?? "?";

    const instances = [];
    for (const label of ["A", "B"]) {
      const port = await freePort();
      // As `npm start` runs it: its Node flags and MALLOC_ARENA_MAX.
      const child = start(process.execPath, [...appNodeFlags(), APP_MAIN], {
        cwd: ROOT,
        logFile: path.join(logDir, `${label}.log`),
        env: {
          PATH: process.env.PATH ?? "",
          ...appEnvironment(),
          PORT: String(port),
          HOST: "127.0.0.1",
          DATABASE_URL: databaseUrl.toString(),
          ADMIN_EMAIL: BENCH_OWNER_EMAIL,
          ADMIN_PASSWORD: PASSWORD,
          LOG_LEVEL: "warn",
        },
      });
      instances.push({ label, child, origin: `http://127.0.0.1:${port}`, latencies: [] });
    }
    await Promise.all(
      instances.map(({ origin, child }) => waitForHttp(`${origin}/readyz`, child, 60_000)),
    );
    log(`two instances on PostgreSQL ${postgresVersion}, database ${name}; ${PUBLISHES} publishes`);

    const rss = instances.map(({ child }) => sampleRss(child.pid));
    const staff = await staffClient(instances[0].origin);
    const courses = await staff("GET", "/api/content/courses");
    const course = courses.find((entry) => entry.data?.variant === "desktop");
    if (!course) throw new Error("no desktop course in the seed");
    const answered = [];
    const loads = [];
    for (let round = 1; round <= PUBLISHES; round += 1) {
      // Both instances have the current page cached, as visitors leave it.
      for (const { origin } of instances) await (await fetch(`${origin}${PAGE}`)).arrayBuffer();
      const current = await staff("GET", `/api/content/courses/${course.id}`);
      const title = `Bench course ${round} ${randomBytes(3).toString("hex")}`;
      await staff("PUT", `/api/content/courses/${course.id}`, {
        data: { ...current.data, title },
        version: current.version,
      });
      const startedAt = performance.now();
      const publishing = staff("POST", `/api/content/courses/${course.id}/publish`, {}).then(
        () => performance.now() - startedAt,
      );
      const seen = await Promise.all(
        instances.map(({ origin }) => visibleAfter(origin, title, startedAt)),
      );
      answered.push(await publishing);
      seen.forEach((latency, i) => instances[i].latencies.push(latency));
      loads.push(loadavg()[0]);
      log(
        `round ${round}: ${instances.map(({ label }, i) => `${label} ${ms(seen[i])} ms`).join(", ")}`,
      );
      await sleep(PAUSE_MS);
    }

    const peaks = instances.map(({ child }, i) => rss[i].stop().get(child.pid) ?? NaN);
    const rows = instances.map(({ label, latencies }, i) => [
      label === "A" ? "A (publishes)" : "B (told by NOTIFY)",
      `${(peaks[i] / 1024 / 1024).toFixed(0)} MB`,
      latencies.length,
      ms(Math.min(...latencies)),
      ms(median(latencies)),
      ms(percentile(latencies, 0.95)),
      ms(Math.max(...latencies)),
      `${latencies.filter((latency) => latency <= PROMISE_MS).length}/${latencies.length}`,
    ]);
    rows.push([
      "publish answered",
      "",
      answered.length,
      ms(Math.min(...answered)),
      ms(median(answered)),
      ms(percentile(answered, 0.95)),
      ms(Math.max(...answered)),
      "",
    ]);
    const figures = markdownTable(
      [
        "Instance",
        "peak RSS",
        "n",
        "min ms",
        "median ms",
        "p95 ms",
        "max ms",
        `within ${PROMISE_MS} ms`,
      ],
      rows,
    );
    let cpu = "unknown CPU";
    try {
      cpu =
        /^model name\s*:\s*(.+)$/m.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1]?.trim() ?? cpu;
    } catch {
      // Not Linux.
    }
    const machine = `${availableParallelism()} CPUs (nproc), ${cpu}; Node ${process.version}; PostgreSQL ${postgresVersion}`;
    const settings =
      `two built instances (one process each, LOG_LEVEL=warn, started as npm start does; peak RSS sampled every 200 ms) on one fresh PostgreSQL database; ${PUBLISHES} publishes of a course title through A's API, ${PAUSE_MS} ms apart; ` +
      `latency from sending the publish to the first answer of ${PAGE} holding the title, each instance polled every 5 ms; ` +
      `1-minute load average during the rounds ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)} (median ${median(loads).toFixed(2)})`;
    console.log(`\n${machine}\n${settings}\n\n${figures}\n`);

    if (record) {
      const date = new Date().toISOString().replace(/\.\d+Z$/, "Z");
      await appendFile(
        RESULTS_FILE,
        `\n## ${date} — publish latency (\`node bench/publish-latency.mjs\`)\n\n${machine}\n\n${settings}\n\n${figures}\n`,
      );
      log(`appended to ${path.relative(ROOT, RESULTS_FILE)}`);
    }
  } finally {
    await cleanup();
  }
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    log(`${signal}: stopping servers`);
    cleanup().finally(() => process.exit(130));
  });
}

main().catch((error) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
