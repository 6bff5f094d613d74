// Page-speed benchmark: Lighthouse 12 and 13 (mobile and desktop presets) on every public page of
// the BUILT site, served by the app itself on loopback with a fresh SQLite database and one
// featured update. Each route is run --runs times (default 3) under each Lighthouse version, in
// rounds over all routes, and the median of each figure is reported. Prints scores, LCP with its
// four parts (TTFB, load delay, load time, render delay), TBT, CLS and JavaScript per route beside
// the targets, each page's TBT beside the script-free reference page (About) measured in the same
// rounds (the 4x CPU slowdown on a 2-core machine gives even that page 130-310 ms), the load
// average during each route's runs, and the audits that kept a category below 100. Asserts
// nothing. Lighthouse is installed from npm on first use (bench/lib/lighthouse-versions.mjs).
//
// Usage: node bench/lighthouse.mjs [--record] [--redirects]
//                                  [--preset=native|mobile|desktop|both]
//                                  [--routes=/home-desktop,/about-mobile] [--runs=3]
//                                  [--lighthouse=12,13]
//   --preset     native (the default): each route under the preset of the width it is for, a
//                `-desktop` route under the desktop preset and a `-mobile` route under the mobile
//                one (under the other preset each only redirects to its twin), any other route
//                under both; mobile, desktop or both: every chosen route under those presets
//   --record     append the tables, date and machine to bench/RESULTS.md
//   --redirects  also run the pure redirect routes (/, /menu, /publications, /currents-of-care),
//                reported in a separate table
//   --lighthouse the Lighthouse majors to run, each at its pinned version (default 12,13)
//   LIGHTHOUSE_CACHE       where those versions are installed (default ~/.cache/learning-design-site/lighthouse)
//   LIGHTHOUSE_TIME_LIMIT  seconds before the whole run gives up (default 1800)
//   CHROMIUM_PATH          the browser (default /usr/bin/chromium)
//   BENCH_COMMIT           the commit to name in the report when ROOT is not a git checkout
//                          (e.g. an exported copy of a commit); otherwise taken from git
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { appendFile, mkdtemp, readFile, rm } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import {
  CATEGORIES,
  REFERENCE_ROUTES,
  TARGET_LINE,
  failedAuditsTable,
  medianOfRuns,
  resultTable,
  summarize,
} from "./lib/lighthouse-report.mjs";
import { loadLighthouses } from "./lib/lighthouse-versions.mjs";
import { freePort, start, stopAll, waitForHttp } from "./lib/processes.mjs";

/** The owner the benchmark's server is started with (ADMIN_EMAIL) and signs in as. */
const BENCH_OWNER_EMAIL = "owner@example.org";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SERVER_BUILD = path.join(ROOT, "build/server/index.js");
const APP_MAIN = path.join(ROOT, "build/server-bundle.js");
const RESULTS_FILE = path.join(ROOT, "bench/RESULTS.md");

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
/** Routes that only replace themselves with another page (docs/product.md section 2.1). */
const REDIRECT_ROUTES = ["/", "/menu", "/publications", "/currents-of-care"];

const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name) =>
  args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? undefined;
const record = flag("record");
const withRedirects = flag("redirects");
const presetOption = option("preset") ?? "native";
if (!["native", "mobile", "desktop", "both"].includes(presetOption)) {
  throw new Error(`--preset must be native, mobile, desktop or both (got ${presetOption})`);
}
const PRESETS = ["native", "both"].includes(presetOption) ? ["mobile", "desktop"] : [presetOption];
/** The presets a route is measured under (see --preset above). */
function presetsFor(route) {
  if (presetOption !== "native") return PRESETS;
  if (route.endsWith("-desktop")) return ["desktop"];
  if (route.endsWith("-mobile")) return ["mobile"];
  return PRESETS;
}
const onlyRoutes = option("routes")?.split(",").filter(Boolean);
const LIGHTHOUSE_MAJORS = (option("lighthouse") ?? "12,13").split(",").filter(Boolean);
const RUNS = Number(option("runs") ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error("--runs must be a positive integer");
const TIME_LIMIT_S = Number(process.env.LIGHTHOUSE_TIME_LIMIT ?? 1800);
if (!Number.isFinite(TIME_LIMIT_S) || TIME_LIMIT_S <= 0) {
  throw new Error("LIGHTHOUSE_TIME_LIMIT must be a positive number of seconds");
}

const log = (message) => process.stderr.write(`lighthouse: ${message}\n`);

function ensureBuild() {
  if (!existsSync(APP_MAIN) || !existsSync(SERVER_BUILD)) {
    log("build/ is missing: running npm run build");
    const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
    if (result.status !== 0) throw new Error("npm run build failed");
  }
}

/** The public pages of the build: every path of its route table but resources and staff pages. */
async function builtRoutes() {
  const { siteRoutes } = await import(
    pathToFileURL(path.join(ROOT, "build/api/server/render/router-request.js")).href
  );
  const build = await import(pathToFileURL(SERVER_BUILD).href);
  return (
    siteRoutes(build)
      // /events/:slug has no page for the seed (its one event lives at /currents-of-care-*).
      .filter((route) => !route.resource && !route.parameters && !route.path.startsWith("/admin"))
      .map((route) => route.path)
      .sort((a, b) => a.localeCompare(b))
  );
}

/** Logs in and creates one published, featured update, so the strip has content. */
async function seed(origin, password) {
  const headers = { origin, "content-type": "application/json" };
  const login = await fetch(`${origin}/api/session`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email: BENCH_OWNER_EMAIL, password }),
  });
  if (login.status !== 204) throw new Error(`login answered ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  const response = await fetch(`${origin}/api/updates`, {
    method: "POST",
    headers: { ...headers, cookie },
    body: JSON.stringify({
      type: "news",
      title: "Currents of Care registration is open",
      summary: "Join the free community mural gathering on two Saturdays in October.",
      url: "https://example.org/news/currents-of-care",
      status: "published",
      featured: true,
      published_at: new Date(Date.UTC(2025, 8, 1, 12)).toISOString(),
    }),
  });
  if (response.status !== 201) throw new Error(`creating an update answered ${response.status}`);
}

function machineLine(versions) {
  let cpu = "unknown CPU";
  try {
    cpu =
      /^model name\s*:\s*(.+)$/m.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1]?.trim() ?? cpu;
  } catch {
    // Not Linux.
  }
  const chrome = spawnSync(chromePath(), ["--version"], { encoding: "utf8" }).stdout?.trim();
  return (
    `${availableParallelism()} CPUs (nproc), ${cpu}; Node ${process.version}; ` +
    `Lighthouse ${versions.join(" and ")}; ${chrome || "Chromium"}`
  );
}

/** The commit measured, with "+changes" when the work tree differs from it. */
function commitLine() {
  if (process.env.BENCH_COMMIT) return `commit ${process.env.BENCH_COMMIT}`;
  const git = (...gitArgs) =>
    spawnSync("git", gitArgs, { cwd: ROOT, encoding: "utf8" }).stdout?.trim() ?? "";
  const commit = git("rev-parse", "--short", "HEAD");
  if (!commit) return "commit unknown (not a git checkout)";
  const dirty = git("status", "--porcelain", "--", "app", "common", "public", "server") !== "";
  return `commit ${commit}${dirty ? " + uncommitted changes in app/, common/, public/ or server/" : ""}`;
}

function chromePath() {
  return process.env.CHROMIUM_PATH || "/usr/bin/chromium";
}

// ---------------------------------------------------------------------------------------------
// Run
// ---------------------------------------------------------------------------------------------

let workDir;
let chrome;
let cleaning;

/** Stops Chrome and the app and removes the temporary folder; safe to call more than once. */
function cleanup() {
  cleaning ??= (async () => {
    try {
      if (chrome) await chrome.kill();
    } catch (error) {
      log(`stopping Chrome: ${error instanceof Error ? error.message : String(error)}`);
    }
    await stopAll();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  })();
  return cleaning;
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    void cleanup().finally(() => process.exit(130));
  });
}

async function main() {
  if (!existsSync(chromePath())) throw new Error(`${chromePath()} not found (set CHROMIUM_PATH)`);
  ensureBuild();
  const lighthouses = await loadLighthouses(LIGHTHOUSE_MAJORS, log);
  const allRoutes = await builtRoutes();
  const unknown = (onlyRoutes ?? []).filter((route) => !allRoutes.includes(route));
  if (unknown.length > 0) throw new Error(`not pre-rendered: ${unknown.join(", ")}`);
  const chosen = onlyRoutes ?? allRoutes;
  // The reference page is measured in every run, whatever routes were asked for.
  for (const preset of PRESETS) {
    if (!chosen.includes(REFERENCE_ROUTES[preset])) chosen.push(REFERENCE_ROUTES[preset]);
  }
  const pages = chosen.filter((route) => !REDIRECT_ROUTES.includes(route));
  const redirects = chosen.filter(
    (route) => REDIRECT_ROUTES.includes(route) && (withRedirects || onlyRoutes),
  );

  workDir = await mkdtemp(path.join(tmpdir(), "bench-lighthouse-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const password = randomBytes(18).toString("base64url");
  log(`starting the app on ${origin}`);
  const app = start(process.execPath, [APP_MAIN], {
    cwd: ROOT,
    logFile: path.join(workDir, "app.log"),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `sqlite:${path.join(workDir, "site.db")}`,
      ADMIN_EMAIL: BENCH_OWNER_EMAIL,
      ADMIN_PASSWORD: password,
      LOG_LEVEL: "warn",
    },
  });
  try {
    await waitForHttp(`${origin}/readyz`, app);
  } catch (error) {
    log(`app log:\n${await readFile(path.join(workDir, "app.log"), "utf8").catch(() => "")}`);
    throw error;
  }
  await seed(origin, password);

  chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
    logLevel: "error",
  });
  log(
    `Chromium on port ${chrome.port}; ${pages.length + redirects.length} route(s), presets ` +
      `${presetOption} (${PRESETS.join(", ")}); load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
  );

  /** One Lighthouse run; a run-time error (e.g. NO_NAVSTART on a busy machine) is retried once. */
  const lighthouseOnce = async ({ lighthouse, desktopConfig }, route, preset) => {
    let lastError = "";
    for (let attempt = 1; attempt <= 2; attempt++) {
      const result = await lighthouse(
        `${origin}${route}`,
        { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES },
        preset === "desktop" ? desktopConfig : undefined,
      );
      if (result && !result.lhr.runtimeError) return { lhr: result.lhr };
      lastError = result?.lhr.runtimeError?.message ?? "Lighthouse returned no result";
      log(`${route} ${preset}: attempt ${attempt} failed: ${lastError}`);
    }
    return { error: lastError };
  };

  const failedRuns = [];
  const run = async (route, round) => {
    const rows = [];
    for (const preset of presetsFor(route)) {
      for (const version of lighthouses) {
        const started = Date.now();
        const { lhr, error } = await lighthouseOnce(version, route, preset);
        if (!lhr) {
          failedRuns.push(`${route} (${preset}, Lighthouse ${version.version}): ${error}`);
          continue;
        }
        const summary = await summarize(route, preset, lhr, origin, loadavg()[0]);
        log(
          `round ${round} ${route} ${preset} LH ${version.major}: ${CATEGORIES.map((id) => summary.scores[id]).join("/")} ` +
            `LCP ${(summary.lcpMs / 1000).toFixed(2)} s TBT ${Math.round(summary.tbtMs)} ms ` +
            `in ${((Date.now() - started) / 1000).toFixed(0)} s (load ${loadavg()[0].toFixed(2)})`,
        );
        for (const warning of summary.runWarnings) log(`  warning: ${warning}`);
        rows.push(summary);
      }
    }
    return rows;
  };

  // Rounds over every route rather than one route's runs back to back, so a burst of load from
  // elsewhere on the machine touches each route and the reference alike.
  const runsOf = new Map();
  const loads = [loadavg()];
  for (let round = 1; round <= RUNS; round++) {
    log(
      `round ${round} of ${RUNS}; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    for (const route of [...pages, ...redirects]) {
      for (const summary of await run(route, round)) {
        const key = `${summary.route} ${summary.preset} ${summary.lighthouse}`;
        runsOf.set(key, [...(runsOf.get(key) ?? []), summary]);
      }
    }
    loads.push(loadavg());
  }
  const medians = (routes, version) =>
    routes.flatMap((route) =>
      PRESETS.map((preset) => runsOf.get(`${route} ${preset} ${version}`))
        .filter(Boolean)
        .map(medianOfRuns),
    );
  const byVersion = lighthouses.map(({ version }) => {
    const results = medians(pages, version);
    const referenceTbt = Object.fromEntries(
      results
        .filter((result) => result.route === REFERENCE_ROUTES[result.preset])
        .map((result) => [result.preset, result.tbtMs]),
    );
    return { version, results, redirectResults: medians(redirects, version), referenceTbt };
  });
  const loadLine =
    `Load average (1, 5, 15 min) at the start and after each round: ` +
    loads.map((triple) => triple.map((l) => l.toFixed(2)).join(" ")).join("; ") +
    `. ${RUNS} run(s) per route and preset; presets: ${presetOption}` +
    (presetOption === "native"
      ? " (`-desktop` routes under desktop, `-mobile` routes under mobile, others under both)."
      : ".");

  const date = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  const machine = `${machineLine(lighthouses.map(({ version }) => version))}\n\nBuild of ${commitLine()}.\n\n${loadLine}`;
  const settings =
    `Built site served by the app (build/server-bundle.js, fresh SQLite, one featured update) ` +
    `on loopback; Lighthouse default (mobile: simulated Slow 4G, 4× CPU slowdown) and desktop ` +
    `presets; Chromium flags ${CHROME_FLAGS.join(" ")}.`;
  const sections = [
    `${machine}\n\n${settings}\n\n${TARGET_LINE}`,
    ...byVersion.flatMap(({ version, results, redirectResults, referenceTbt }) => [
      `Lighthouse ${version}, pages:\n\n${resultTable(results, referenceTbt)}`,
      ...(redirectResults.length
        ? [
            `Lighthouse ${version}, redirect routes (measured through their redirect):\n\n${resultTable(redirectResults, referenceTbt)}`,
          ]
        : []),
      `Lighthouse ${version}, audits below 100 (weighted, or failed binary checks):\n\n${failedAuditsTable([...results, ...redirectResults])}`,
    ]),
    ...(failedRuns.length
      ? [
          `Runs without a result (after one retry):\n\n${failedRuns.map((line) => `- ${line}`).join("\n")}`,
        ]
      : []),
  ];
  console.log(`\n${sections.join("\n\n")}\n`);
  if (record) {
    await appendFile(RESULTS_FILE, `\n## Lighthouse ${date}\n\n${sections.join("\n\n")}\n`);
    log(`appended to ${path.relative(ROOT, RESULTS_FILE)}`);
  }
}

const deadline = setTimeout(() => {
  log(`time limit of ${TIME_LIMIT_S} s reached: stopping`);
  void cleanup().finally(() => process.exit(1));
}, TIME_LIMIT_S * 1000);

try {
  await main();
} catch (error) {
  process.exitCode = 1;
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  clearTimeout(deadline);
  await cleanup();
}
// Nothing of ours is left running; do not wait for stray handles of the Lighthouse libraries.
process.exit(process.exitCode ?? 0);
