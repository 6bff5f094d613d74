// Server load benchmark on loopback: the built app against references serving the same bytes
// with the same headers, measured with wrk in the same run. Prints figures, asserts nothing.
//   nginx      the same files (precompressed .gz via gzip_static), the app's extra headers added
//   node:http  a bare server answering the app's response from one buffer (the runtime's ceiling)
//   fastify    a minimal Fastify route answering the same buffer (the framework's ceiling)
//   app        build/server-bundle.js, one worker unless WEB_CONCURRENCY says otherwise
//   app-uncounted  the same app with STATISTICS=off on the same database: what counting costs
//   app-unlogged   the same app with LOG_LEVEL=warn (no access line): what the access log costs
// Usage: node bench/server.mjs [--record] [--cpu-prof]
//   --record        append the figures to bench/RESULTS.md
//   --cpu-prof      run the app under `node --cpu-prof` and print its top self-time functions
//   BENCH_DURATION  seconds per measured run (default 5)
//   BENCH_WARMUP    seconds of warm-up per server and test (default 2)
//   BENCH_ROUNDS    measured runs per server and test, servers alternating; medians are
//                   reported (default 3)
//   BENCH_LOG_LEVEL the app's LOG_LEVEL (default info, as in production; its log goes to a file)
//   WEB_CONCURRENCY app worker processes (passed through; default 1)
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { appEnvironment, appNodeFlags } from "./lib/app-flags.mjs";
import { ensureDebianTool } from "./lib/apt.mjs";
import { treeCpuSeconds } from "./lib/cpu.mjs";
import { NGINX, startNginx } from "./lib/nginx.mjs";
import { freePort, start, stop, stopAll, waitForHttp } from "./lib/processes.mjs";
import { summariseProfile } from "./lib/profile.mjs";
import { formatResults, machineLine, median } from "./lib/report.mjs";
import { sampleRss } from "./lib/rss.mjs";
import { WRK, wrk, writeWrkScript } from "./lib/wrk.mjs";

/** The owner the benchmark's server is started with (ADMIN_EMAIL) and signs in as. */
const BENCH_OWNER_EMAIL = "owner@example.org";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
// BENCH_BUILD=/other/checkout/build measures another build (e.g. before a change) the same way.
const BUILD_DIR = process.env.BENCH_BUILD
  ? path.resolve(process.env.BENCH_BUILD)
  : path.join(ROOT, "build");
const CLIENT_DIR = path.join(BUILD_DIR, "client");
const APP_MAIN = path.join(BUILD_DIR, "server-bundle.js");
const SERVER_BUILD = path.join(BUILD_DIR, "server/index.js");
const REFERENCE_SERVER = path.join(ROOT, "bench/lib/reference-server.mjs");
const RESULTS_FILE = path.join(ROOT, "bench/RESULTS.md");

const NODE_FLAGS = appNodeFlags();

const record = process.argv.includes("--record");
const cpuProfile = process.argv.includes("--cpu-prof");
const seconds = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number of seconds`);
  return value;
};
const DURATION = seconds("BENCH_DURATION", 5);
const WARMUP = seconds("BENCH_WARMUP", 2);
const ROUNDS = Math.max(1, Math.round(Number(process.env.BENCH_ROUNDS ?? 3)) || 1);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? "info";
const THREADS = 2;
const CONNECTIONS = 50;
const WORKERS = Number(process.env.WEB_CONCURRENCY ?? 1) || 1;

/** A browser's User-Agent: the app counts the page (docs/product.md 5.7), as it does for visitors. */
const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

const ALL_SCENARIOS = [
  {
    key: "page",
    name: "page /home-desktop (gzip)",
    path: "/home-desktop",
    // Rendered by the app (decision 016): nginx serves the app's own answer as page.html and
    // its gzip form as page.html.gz (gzip_static), so both send the same bytes.
    page: true,
    headers: { "accept-encoding": "gzip", "user-agent": BROWSER_USER_AGENT },
  },
  {
    key: "featured",
    name: "GET /api/updates/featured (br)",
    path: "/api/updates/featured",
    // As the featured strip's island asks from a browser: the app answers its precompressed
    // copy (br, decision 043), and every reference replays those same compressed bytes.
    headers: { "accept-encoding": "gzip, br", "user-agent": BROWSER_USER_AGENT },
  },
];
// BENCH_TESTS=page or BENCH_TESTS=featured measures one test only.
const SCENARIOS = process.env.BENCH_TESTS
  ? ALL_SCENARIOS.filter((scenario) => process.env.BENCH_TESTS.split(",").includes(scenario.key))
  : ALL_SCENARIOS;
if (SCENARIOS.length === 0) throw new Error("BENCH_TESTS names no test (page, featured)");
const ALL_SERVERS = [
  "nginx",
  "node-http",
  "fastify",
  "app",
  "app-uncounted",
  "app-unlogged",
  "web-plugin",
  "fastify-static",
];
// The last two compare ways of serving static files (see bench/lib/reference-server.mjs): only
// when asked for, e.g. BENCH_SERVERS=nginx,fastify,web-plugin,fastify-static,app BENCH_TESTS=page
const DEFAULT_SERVERS = ["nginx", "node-http", "fastify", "app", "app-uncounted", "app-unlogged"];
// BENCH_SERVERS=nginx,app measures a subset (quicker, while working on the app).
const SERVERS = process.env.BENCH_SERVERS
  ? ALL_SERVERS.filter((server) => process.env.BENCH_SERVERS.split(",").includes(server))
  : DEFAULT_SERVERS;
if (!SERVERS.includes("app") || !SERVERS.includes("nginx"))
  throw new Error("BENCH_SERVERS must include nginx and app");

// Every run with its warm-up, plus start-up, seeding and wrk's own start: never more than this.
const TIME_LIMIT_MS =
  (SCENARIOS.length * SERVERS.length * (WARMUP + ROUNDS * (DURATION + 1)) + 180) * 1000;

const log = (message) => process.stderr.write(`bench: ${message}\n`);

function ensureBuild() {
  if (process.env.BENCH_BUILD) {
    if (!existsSync(APP_MAIN)) throw new Error(`BENCH_BUILD: ${APP_MAIN} not found`);
    return;
  }
  if (!existsSync(APP_MAIN) || !existsSync(SERVER_BUILD)) {
    log("build/ is missing: running npm run build");
    const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
    if (result.status !== 0) throw new Error("npm run build failed");
  }
  // A client built without the last build step would be compared without precompressed files.
  if (!readdirSync(path.join(CLIENT_DIR, "assets")).some((name) => name.endsWith(".js.gz"))) {
    log("build/client has no precompressed files: running scripts/compress.mjs");
    const result = spawnSync(process.execPath, [path.join(ROOT, "scripts/compress.mjs")], {
      cwd: ROOT,
      stdio: "inherit",
    });
    if (result.status !== 0) throw new Error("scripts/compress.mjs failed");
  }
}

/** One raw answer (body not decoded), so servers can be compared byte for byte. */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Logs in and creates five published, featured updates through the API. */
async function seed(origin, password) {
  const common = { origin, "content-type": "application/json" };
  const login = await fetch(`${origin}/api/session`, {
    method: "POST",
    headers: common,
    body: JSON.stringify({ email: BENCH_OWNER_EMAIL, password }),
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

/** The app's answer for each scenario: the references replay these bytes and headers. */
async function captureAppAnswers(appOrigin, dir) {
  const answers = new Map();
  for (const scenario of SCENARIOS) {
    const answer = await rawGet(`${appOrigin}${scenario.path}`, scenario.headers);
    if (answer.status !== 200)
      throw new Error(`${appOrigin}${scenario.path} answered ${answer.status}`);
    const headers = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (["date", "connection", "keep-alive", "transfer-encoding"].includes(name)) continue;
      headers[name] = String(value);
    }
    // nginx serves files: the page and the JSON are copies of the app's answers.
    let file = path.join(dir, `${scenario.key}.body`);
    if (scenario.page) {
      if (answer.headers["content-encoding"] !== "gzip")
        throw new Error(`${scenario.path} was not answered with gzip`);
      file = path.join(dir, `${scenario.key}.html`);
      await writeFile(file, gunzipSync(answer.body));
      await writeFile(`${file}.gz`, answer.body);
    } else {
      // Compressed or not, the body as sent: nginx sends the file as it is (`encoded` below).
      await writeFile(file, answer.body);
    }
    answers.set(scenario.key, { headers, body: answer.body, file, encoded: !scenario.page });
  }
  return answers;
}

/** Every server must send the same bytes, or the comparison means nothing. */
async function checkSameBytes(origins, answers) {
  for (const scenario of SCENARIOS) {
    const expected = answers.get(scenario.key);
    for (const [server, origin] of Object.entries(origins)) {
      const answer = await rawGet(`${origin}${scenario.path}`, scenario.headers);
      if (answer.status !== 200)
        throw new Error(`${server} answered ${answer.status} for ${scenario.path}`);
      if (!answer.body.equals(expected.body))
        throw new Error(`${server} sends other bytes than the app for ${scenario.path}`);
      for (const name of ["content-encoding", "vary"]) {
        const value = answer.headers[name]?.toLowerCase();
        if (value !== expected.headers[name]?.toLowerCase())
          throw new Error(`${server} sends ${scenario.path} with ${name} ${value}`);
      }
    }
  }
}

/** The temporary folder of this run (database, configs, logs). */
let workDir;

/** Stops every server and removes the temporary folder; safe to call more than once. */
async function cleanup() {
  await stopAll();
  if (workDir) await rm(workDir, { recursive: true, force: true });
}

/**
 * The app on `port`; `statistics: "off"` starts the uncounted twin and `logLevel: "warn"` the
 * unlogged twin, on the same database.
 */
async function startApp(dir, port, { statistics = "on", logLevel = LOG_LEVEL } = {}) {
  const password = randomBytes(18).toString("base64url");
  const profileDir = path.join(dir, "profile");
  const nodeArgs = [...NODE_FLAGS];
  if (cpuProfile) nodeArgs.push("--cpu-prof", `--cpu-prof-dir=${profileDir}`);
  const app = start(process.execPath, [...nodeArgs, APP_MAIN], {
    cwd: ROOT,
    logFile: path.join(dir, `app-${port}.log`),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      ...appEnvironment(),
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `sqlite:${path.join(dir, "bench.db")}`,
      ADMIN_EMAIL: BENCH_OWNER_EMAIL,
      ADMIN_PASSWORD: password,
      WEB_CONCURRENCY: String(WORKERS),
      LOG_LEVEL: logLevel,
      STATISTICS: statistics,
    },
  });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/readyz`, app);
  } catch (error) {
    log(`app log:\n${await readFile(path.join(dir, `app-${port}.log`), "utf8").catch(() => "")}`);
    throw error;
  }
  return { app, password, profileDir };
}

async function startReference(kind, dir, port, fixturesFile) {
  const args = [REFERENCE_SERVER, kind, fixturesFile, String(port), BUILD_DIR];
  const child = start(process.execPath, args, {
    cwd: ROOT,
    logFile: path.join(dir, `${kind}.log`),
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production" },
  });
  await waitForHttp(`http://127.0.0.1:${port}${SCENARIOS[0].path}`, child);
  return child;
}

async function main() {
  ensureDebianTool(NGINX, "nginx");
  ensureDebianTool(WRK, "wrk");
  ensureBuild();
  const dir = await mkdtemp(path.join(tmpdir(), "bench-server-"));
  workDir = dir;
  try {
    const ports = Object.fromEntries(
      await Promise.all(SERVERS.map(async (s) => [s, await freePort()])),
    );
    const origins = Object.fromEntries(SERVERS.map((s) => [s, `http://127.0.0.1:${ports[s]}`]));

    log(
      `starting the app (${WORKERS} worker${WORKERS > 1 ? "s" : ""}, LOG_LEVEL=${LOG_LEVEL}) on ${origins.app}`,
    );
    const { app, password, profileDir } = await startApp(dir, ports.app);
    await seed(origins.app, password);
    const answers = await captureAppAnswers(origins.app, dir);

    log("starting nginx and the reference servers");
    const nginx = await startNginx({
      dir,
      port: ports.nginx,
      root: CLIENT_DIR,
      locations: SCENARIOS.map((scenario) => {
        const { file, headers, encoded } = answers.get(scenario.key);
        return { url: scenario.path, file, headers, encoded };
      }),
    });
    await waitForHttp(`${origins.nginx}${SCENARIOS[0].path}`, nginx);
    const fixturesFile = path.join(dir, "fixtures.json");
    await writeFile(
      fixturesFile,
      JSON.stringify(
        SCENARIOS.map((scenario) => {
          const { headers, body } = answers.get(scenario.key);
          return { path: scenario.path, headers, body: body.toString("base64") };
        }),
      ),
    );
    const pids = { nginx: nginx.pid, app: app.pid };
    if (SERVERS.includes("app-uncounted")) {
      log(`starting the app with STATISTICS=off on ${origins["app-uncounted"]}`);
      pids["app-uncounted"] = (
        await startApp(dir, ports["app-uncounted"], { statistics: "off" })
      ).app.pid;
    }
    if (SERVERS.includes("app-unlogged")) {
      log(`starting the app with LOG_LEVEL=warn on ${origins["app-unlogged"]}`);
      pids["app-unlogged"] = (
        await startApp(dir, ports["app-unlogged"], { logLevel: "warn" })
      ).app.pid;
    }
    for (const kind of ["node-http", "fastify", "web-plugin", "fastify-static"]) {
      if (SERVERS.includes(kind))
        pids[kind] = (await startReference(kind, dir, ports[kind], fixturesFile)).pid;
    }
    await checkSameBytes(origins, answers);

    const script = await writeWrkScript(dir);
    // CPU time per request: what each server spends on one answer, which the neighbours' load
    // on this shared machine disturbs far less than requests per second.
    const run = async (server, scenario, duration) => {
      const cpuBefore = treeCpuSeconds(pids[server]);
      const result = await wrk({
        url: `${origins[server]}${scenario.path}`,
        headers: scenario.headers,
        threads: THREADS,
        connections: CONNECTIONS,
        duration,
        script,
      });
      const cpuSeconds = treeCpuSeconds(pids[server]) - cpuBefore;
      return { ...result, cpuUsPerRequest: (cpuSeconds * 1e6) / result.requests };
    };

    const loads = [loadavg()[0]];
    const rss = sampleRss(app.pid);
    const results = [];
    for (const scenario of SCENARIOS) {
      for (const server of SERVERS) {
        log(`${scenario.name} on ${server}: ${WARMUP} s warm-up`);
        await run(server, scenario, WARMUP);
      }
      const runs = Object.fromEntries(SERVERS.map((server) => [server, []]));
      // Servers alternate within each round, so a neighbour's burst does not land on one only.
      for (let round = 1; round <= ROUNDS; round++) {
        for (const server of SERVERS) {
          log(`${scenario.name} on ${server}: round ${round}/${ROUNDS}, ${DURATION} s`);
          runs[server].push(await run(server, scenario, DURATION));
        }
        loads.push(loadavg()[0]);
      }
      results.push({ ...scenario, runs });
    }
    const peaks = rss.stop();

    let profileSummary = "";
    if (cpuProfile) {
      await stop(app);
      const profiles = (await readdir(profileDir)).filter((name) => name.endsWith(".cpuprofile"));
      for (const name of profiles) {
        const profile = JSON.parse(await readFile(path.join(profileDir, name), "utf8"));
        profileSummary += `\nCPU profile of the app (${name}), top self time:\n\n${summariseProfile(profile, ROOT)}\n`;
      }
    }

    const nginxVersion = (spawnSync(NGINX, ["-v"], { encoding: "utf8" }).stderr || "nginx").trim();
    const wrkVersion = (spawnSync(WRK, ["-v"], { encoding: "utf8" }).stdout || "wrk")
      .split("\n")[0]
      .replace(/\s+Copyright.*$/, "")
      .trim();
    const machine = machineLine({ nginxVersion, wrkVersion });
    const tables = formatResults({
      scenarios: results,
      servers: SERVERS,
      rss: peaks,
      primaryPid: app.pid,
      workers: WORKERS,
    });
    const settings =
      `wrk -t${THREADS} -c${CONNECTIONS} --latency on the same machine; ${ROUNDS} run(s) of ${DURATION} s per server and test, servers alternating, after ${WARMUP} s warm-up; figures are medians of the runs; ` +
      `app WEB_CONCURRENCY=${WORKERS}${cpuProfile ? " (under --cpu-prof, which slows it)" : ""}, LOG_LEVEL=${LOG_LEVEL} (log to a file), node ${NODE_FLAGS.join(" ") || "(no flags)"}; nginx worker_processes auto; ` +
      `1-minute load average during the runs ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)} (median ${median(loads).toFixed(2)})`;
    console.log(`\n${machine}\n${settings}\n\n${tables}\n${profileSummary}`);

    if (record) {
      const date = new Date().toISOString().replace(/\.\d+Z$/, "Z");
      await appendFile(
        RESULTS_FILE,
        `\n## ${date} — server (\`node bench/server.mjs${cpuProfile ? " --cpu-prof" : ""}\`)\n\n${machine}\n\n${settings}\n\n${tables}\n${profileSummary}`,
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
