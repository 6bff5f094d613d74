// `npm test`: every check and every test, in the order that fails fastest.
// It finds or installs Chromium itself (docs/product.md section 13) and needs nothing else set up.
import { execFileSync, spawnSync } from "node:child_process";
import { ensureSupportedNode } from "./node-check.mjs";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";

// Before anything else: an older Node restarts under the pinned one or stops with a message.
ensureSupportedNode(import.meta.url);

const root = new URL("..", import.meta.url).pathname;
process.chdir(root);

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${title} failed (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${seconds} s)`);
}

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((path) => path && existsSync(path));
}

function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("No Chromium found: installing Debian's chromium with apt-get…");
    run("apt-get update", "apt-get", ["update", "-qq"]);
    run("apt-get install chromium", "apt-get", ["install", "-y", "-qq", "chromium"], {
      DEBIAN_FRONTEND: "noninteractive",
    });
    return findChromium();
  }
  console.log("No Chromium found: installing Playwright's own…");
  run("playwright install chromium", "npx", ["playwright", "install", "chromium"]);
  return undefined;
}

function findNginx() {
  return ["/usr/sbin/nginx", "/usr/bin/nginx"].find((path) => existsSync(path));
}

/** The deployment tests run the site behind Debian's nginx (docs/product.md section 10); install it if absent. */
function ensureNginx() {
  if (findNginx()) return;
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log("No nginx found: installing Debian's nginx with apt-get…");
    run("apt-get update", "apt-get", ["update", "-qq"]);
    run(
      "apt-get install nginx",
      "apt-get",
      ["install", "-y", "-qq", "--no-install-recommends", "nginx"],
      {
        DEBIAN_FRONTEND: "noninteractive",
      },
    );
    return;
  }
  console.log("No nginx found and not root: the reverse-proxy tests will be skipped.");
}

function reachable(port, host = "127.0.0.1") {
  return new Promise((resolve) => {
    const socket = connect({ port, host, timeout: 2000 });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
  });
}

async function ensurePostgres() {
  if (process.env.TEST_DATABASE_URL || (await reachable(5432))) return;
  // The development and CI machines have a local cluster that may merely be stopped.
  if (existsSync("/etc/postgresql")) {
    try {
      const versions = execFileSync("ls", ["/etc/postgresql"]).toString().trim().split("\n");
      for (const version of versions) {
        spawnSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "start"], {
          stdio: "inherit",
        });
      }
    } catch {
      // Reported below by the tests themselves, as skipped with the reason.
    }
  }
}

function count(file, read) {
  try {
    return read(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return undefined;
  }
}

const chromium = ensureChromium();
if (chromium) process.env.CHROMIUM_PATH = chromium;
await ensurePostgres();
ensureNginx();

rmSync("reports", { recursive: true, force: true });
run("lint", "npm", ["run", "lint", "--silent"]);
run("typecheck", "npm", ["run", "typecheck", "--silent"]);
run("build", "npm", ["run", "build", "--silent"]);
run(
  "unit, component and API tests (vitest)",
  "npx",
  [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    "--outputFile.json=reports/vitest.json",
  ],
  { SITE_TEST_BUILT: "1" },
);
run("end-to-end tests (playwright, chromium)", "npx", ["playwright", "test"], { CI: "1" });

const unit = count("reports/vitest.json", (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests,
  skipped: r.numPendingTests + (r.numTodoTests ?? 0),
}));
const e2e = count("reports/e2e.json", (r) => ({
  passed: r.stats.expected + r.stats.flaky,
  failed: r.stats.unexpected,
  skipped: r.stats.skipped,
}));
if (unit && e2e) {
  const sum = (key) => unit[key] + e2e[key];
  console.log(`\nvitest ${unit.passed} passed; playwright ${e2e.passed} passed`);
  console.log(`tests: ${sum("passed")} passed, ${sum("failed")} failed, ${sum("skipped")} skipped`);
}
