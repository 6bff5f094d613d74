// Run first by `npm start` and `npm test` (scripts/start.mjs, scripts/test.mjs), before anything
// that needs a recent Node: under an older one (Node 20 on the project's machines) the build
// printed a warning and the server then died with a segmentation fault, and Vitest crashed.
// Written for old Nodes on purpose (builtins only, no newer syntax), so it always gets to speak.
//
// Under a Node that package.json's engines do not accept it restarts the same command under the
// pinned Node that scripts/use-node.sh installs into .tools/ (as .ci/run does); where that cannot
// work it stops at once with the one command to run. `--node-check` stops after the check and
// prints the Node in use (tests).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

function parse(version) {
  const parts = String(version).replace(/^v/, "").split(".");
  return parts
    .map((part) => parseInt(part, 10) || 0)
    .concat([0, 0, 0])
    .slice(0, 3);
}

function compare(a, b) {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** True when `version` fits an engines range made of `^x.y.z` and `>=x.y.z` joined by `||`. */
export function fitsEngines(version, range) {
  const have = parse(version);
  return range.split("||").some((alternative) => {
    const text = alternative.trim();
    if (text.startsWith(">=")) return compare(have, parse(text.slice(2))) >= 0;
    if (text.startsWith("^")) {
      const want = parse(text.slice(1));
      return have[0] === want[0] && compare(have, want) >= 0;
    }
    return false;
  });
}

function enginesRange() {
  const pkg = JSON.parse(readFileSync(root + "package.json", "utf8"));
  return (pkg.engines && pkg.engines.node) || ">=0.0.0";
}

function stop(message) {
  process.stderr.write(message + "\n");
  process.exit(1);
}

/** Returns when this Node fits; otherwise restarts the script under the pinned Node, or stops. */
export function ensureSupportedNode(scriptUrl) {
  const range = enginesRange();
  const checkOnly = process.argv.includes("--node-check");
  if (fitsEngines(process.versions.node, range)) {
    if (checkOnly) {
      process.stdout.write("node-check: " + process.version + "\n");
      process.exit(0);
    }
    return;
  }
  const advice =
    "Run `source scripts/use-node.sh` in this shell first (it installs Node 26 into .tools/), or install Node " +
    range.replace(/\s*\|\|\s*/g, " or ") +
    " yourself.";
  if (process.env.SITE_NODE_RESTARTED) {
    stop("Node " + process.version + " is still too old after switching. " + advice);
  }
  if (process.platform !== "linux" || process.arch !== "x64") {
    stop("This project needs Node " + range + "; this is Node " + process.version + ". " + advice);
  }
  process.stderr.write(
    "Node " +
      process.version +
      " is too old for this project: restarting under the pinned Node (scripts/use-node.sh)\n",
  );
  const script = fileURLToPath(scriptUrl);
  const result = spawnSync(
    "bash",
    [
      "-c",
      'source "$0/scripts/use-node.sh" >&2 || exit 97; exec node "$@"',
      root,
      ...process.execArgv,
      script,
      ...process.argv.slice(2),
    ],
    { stdio: "inherit", env: Object.assign({}, process.env, { SITE_NODE_RESTARTED: "1" }) },
  );
  if (result.error || result.status === 97) {
    stop("Could not get the pinned Node. " + advice);
  }
  process.exit(result.status === null ? 1 : result.status);
}
