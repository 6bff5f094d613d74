// Server load benchmark: the built app against nginx serving the same files, on loopback.
// Prints figures and asserts nothing. Usage: node bench/server.mjs [--record]
//   BENCH_DURATION  seconds per measured run (default 10)
//   BENCH_WARMUP    seconds of warm-up before each run (default 2)
//   BENCH_ROUNDS    the measured time is split into this many slices, alternating app and nginx (default 2)
//   WEB_CONCURRENCY app worker processes (passed through; default 1)
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { appendFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { load as autocannonLoad } from "./lib/load.mjs";
import { NGINX, startNginx } from "./lib/nginx.mjs";
import { freePort, start, stopAll, waitForHttp } from "./lib/processes.mjs";
import { formatResults, machineLine } from "./lib/report.mjs";
import { sampleRss } from "./lib/rss.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CLIENT_DIR = path.join(ROOT, "build/client");
const APP_MAIN = path.join(ROOT, "build/api/server/main.js");
const RESULTS_FILE = path.join(ROOT, "bench/RESULTS.md");

const record = process.argv.includes("--record");
const seconds = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number of seconds`);
  return value;
};
const DURATION = seconds("BENCH_DURATION", 10);
const WARMUP = seconds("BENCH_WARMUP", 2);
const ROUNDS = Math.max(1, Math.round(Number(process.env.BENCH_ROUNDS ?? 2)) || 1);
const SLICE = DURATION / ROUNDS;
const CONNECTIONS = 50;
const WORKERS = Number(process.env.WEB_CONCURRENCY ?? 1) || 1;

const SCENARIOS = [
  {
    key: "page",
    name: "page /home-desktop (gzip)",
    path: "/home-desktop",
    headers: { "accept-encoding": "gzip" },
  },
  {
    key: "featured",
    name: "GET /api/updates/featured",
    path: "/api/updates/featured",
    headers: {},
  },
];

// Four measured runs with warm-ups, plus start-up and seeding: never more than this.
const TIME_LIMIT_MS = (SCENARIOS.length * 2 * (DURATION + WARMUP + ROUNDS) + 120) * 1000;

const log = (message) => process.stderr.write(`bench: ${message}\n`);

function ensureBuild() {
  if (!existsSync(APP_MAIN) || !existsSync(path.join(CLIENT_DIR, "index.html"))) {
    log("build/ is missing: running npm run build");
    const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
    if (result.status !== 0) throw new Error("npm run build failed");
  }
  // A client built without the last build step would be compared without precompressed files.
  if (!existsSync(path.join(CLIENT_DIR, "index.html.gz"))) {
    log("build/client has no precompressed files: running scripts/compress.mjs");
    const result = spawnSync(process.execPath, [path.join(ROOT, "scripts/compress.mjs")], {
      cwd: ROOT,
      stdio: "inherit",
    });
    if (result.status !== 0) throw new Error("scripts/compress.mjs failed");
  }
}

async function load(url, headers, duration) {
  return autocannonLoad({ url, headers, connections: CONNECTIONS, duration });
}

/**
 * One figure from several autocannon slices: totals over the whole measured time, the median
 * slice's p50 and the worst slice's p99 (percentiles of slices cannot be merged exactly).
 */
function combine(slices) {
  const sum = (pick) => slices.reduce((total, slice) => total + pick(slice), 0);
  const seconds = sum((slice) => slice.duration);
  const p50s = slices.map((slice) => slice.latency.p50).sort((a, b) => a - b);
  return {
    requests: { average: sum((slice) => slice.requests.total) / seconds },
    throughput: { average: sum((slice) => slice.throughput.total) / seconds },
    latency: {
      p50: p50s[Math.floor((p50s.length - 1) / 2)],
      p99: Math.max(...slices.map((slice) => slice.latency.p99)),
    },
    errors: sum((slice) => slice.errors),
    timeouts: sum((slice) => slice.timeouts),
    non2xx: sum((slice) => slice.non2xx),
  };
}

/** Logs in and creates five published, featured updates through the API. */
async function seed(origin, password) {
  const common = { origin, "content-type": "application/json" };
  const login = await fetch(`${origin}/api/session`, {
    method: "POST",
    headers: common,
    body: JSON.stringify({ password }),
  });
  if (login.status !== 204)
    throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  for (let i = 1; i <= 5; i++) {
    const response = await fetch(`${origin}/api/updates`, {
      method: "POST",
      headers: { ...common, cookie },
      body: JSON.stringify({
        type: ["news", "current_project", "completed_project", "media", "news"][i - 1],
        title: `Benchmark update ${i}`,
        summary: `A published, featured update used by the server benchmark (number ${i}). `
          .repeat(2)
          .trim(),
        url: `https://example.org/updates/${i}`,
        status: "published",
        featured: true,
        published_at: new Date(Date.UTC(2025, 0, i, 12)).toISOString(),
      }),
    });
    if (response.status !== 201)
      throw new Error(`creating an update answered ${response.status}: ${await response.text()}`);
  }
}

/** Both servers must answer the same bytes, or the comparison means nothing. */
async function checkSameContent(appOrigin, nginxOrigin) {
  for (const scenario of SCENARIOS) {
    const bodies = [];
    for (const origin of [appOrigin, nginxOrigin]) {
      const response = await fetch(`${origin}${scenario.path}`, { headers: scenario.headers });
      if (!response.ok) throw new Error(`${origin}${scenario.path} answered ${response.status}`);
      bodies.push(Buffer.from(await response.arrayBuffer()).toString());
    }
    if (bodies[0] !== bodies[1])
      log(`warning: app and nginx answer different content for ${scenario.path}`);
  }
  // fetch decodes gzip itself: check separately that both really send the gzip file.
  for (const origin of [appOrigin, nginxOrigin]) {
    const response = await fetch(`${origin}/home-desktop`, {
      headers: { "accept-encoding": "gzip" },
    });
    const encoding = response.headers.get("content-encoding");
    await response.arrayBuffer();
    if (encoding !== "gzip")
      log(`warning: ${origin}/home-desktop is not served gzip-encoded (${encoding})`);
  }
}

/** The temporary folder of this run (database, nginx config, logs). */
let workDir;

/** Stops both servers and removes the temporary folder; safe to call more than once. */
async function cleanup() {
  await stopAll();
  if (workDir) await rm(workDir, { recursive: true, force: true });
}

async function main() {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} not found (apt-get install nginx)`);
  ensureBuild();
  const dir = await mkdtemp(path.join(tmpdir(), "bench-server-"));
  workDir = dir;
  try {
    const [appPort, nginxPort] = [await freePort(), await freePort()];
    const appOrigin = `http://127.0.0.1:${appPort}`;
    const nginxOrigin = `http://127.0.0.1:${nginxPort}`;
    const password = randomBytes(18).toString("base64url");

    log(`starting the app (${WORKERS} worker${WORKERS > 1 ? "s" : ""}) on ${appOrigin}`);
    const app = start(process.execPath, [APP_MAIN], {
      cwd: ROOT,
      logFile: path.join(dir, "app.log"),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        PORT: String(appPort),
        HOST: "127.0.0.1",
        DATABASE_URL: `sqlite:${path.join(dir, "bench.db")}`,
        ADMIN_PASSWORD: password,
        WEB_CONCURRENCY: String(WORKERS),
        LOG_LEVEL: "warn",
      },
    });
    try {
      await waitForHttp(`${appOrigin}/readyz`, app);
    } catch (error) {
      log(`app log:\n${await readFile(path.join(dir, "app.log"), "utf8").catch(() => "")}`);
      throw error;
    }

    await seed(appOrigin, password);
    const featured = await fetch(`${appOrigin}/api/updates/featured`);
    const featuredFile = path.join(dir, "featured.json");
    await writeFile(featuredFile, Buffer.from(await featured.arrayBuffer()));

    log(`starting nginx on ${nginxOrigin}`);
    const nginx = await startNginx({
      dir,
      port: nginxPort,
      root: CLIENT_DIR,
      extraFiles: { "/api/updates/featured": featuredFile },
    });
    await waitForHttp(`${nginxOrigin}/home-desktop`, nginx);
    await checkSameContent(appOrigin, nginxOrigin);

    const loadBefore = loadavg()[0].toFixed(2);
    const rss = sampleRss(app.pid);
    const results = [];
    const servers = [
      ["app", appOrigin],
      ["nginx", nginxOrigin],
    ];
    for (const scenario of SCENARIOS) {
      for (const [server, origin] of servers) {
        log(`${scenario.name} on ${server}: ${WARMUP} s warm-up`);
        await load(`${origin}${scenario.path}`, scenario.headers, WARMUP);
      }
      // Alternate slices, so a neighbour's burst of work does not land on one server only.
      const slices = { app: [], nginx: [] };
      for (let round = 1; round <= ROUNDS; round++) {
        for (const [server, origin] of servers) {
          log(`${scenario.name} on ${server}: round ${round}/${ROUNDS}, ${SLICE} s`);
          slices[server].push(await load(`${origin}${scenario.path}`, scenario.headers, SLICE));
        }
      }
      results.push({ ...scenario, app: combine(slices.app), nginx: combine(slices.nginx) });
    }
    const peaks = rss.stop();

    const nginxVersion = (spawnSync(NGINX, ["-v"], { encoding: "utf8" }).stderr || "nginx").trim();
    const machine = machineLine({ nginxVersion });
    const tables = formatResults({
      scenarios: results,
      rss: peaks,
      primaryPid: app.pid,
      workers: WORKERS,
    });
    const load1 = loadavg()[0].toFixed(2);
    const settings =
      `${CONNECTIONS} connections, ${DURATION} s per server and test in ${ROUNDS} alternating slice(s) after ${WARMUP} s warm-up; ` +
      `app WEB_CONCURRENCY=${WORKERS}, nginx worker_processes auto; autocannon on the same machine; ` +
      `load average before ${loadBefore}, after ${load1}`;
    console.log(`\n${machine}\n${settings}\n\n${tables}\n`);

    if (record) {
      const date = new Date().toISOString().replace(/\.\d+Z$/, "Z");
      await appendFile(
        RESULTS_FILE,
        `\n## ${date} — server (\`node bench/server.mjs\`)\n\n${machine}\n\n${settings}\n\n${tables}\n`,
      );
      log(`appended to ${path.relative(ROOT, RESULTS_FILE)}`);
    }
  } finally {
    await cleanup();
  }
}

const deadline = setTimeout(() => {
  log(`time limit of ${TIME_LIMIT_MS / 1000} s reached; stopping`);
  cleanup().finally(() => process.exit(1));
}, TIME_LIMIT_MS);
deadline.unref();

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    log(`${signal}: stopping servers`);
    cleanup().finally(() => process.exit(130));
  });
}

main().then(
  () => process.exit(0),
  (error) => {
    log(`failed: ${error instanceof Error ? error.message : String(error)}`);
    cleanup().finally(() => process.exit(1));
  },
);
