// `npm start`: builds when the build is missing or older than the sources, then serves.
import { spawnSync } from "node:child_process";
import { ensureSupportedNode } from "./node-check.mjs";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

// Before anything else: an older Node restarts under the pinned one or stops with a message.
ensureSupportedNode(import.meta.url);

const root = new URL("..", import.meta.url).pathname;
// The page-serving process as one file (decision 039), written by `npm run build`.
const bundle = join(root, "build", "server-bundle.js");
const sources = [
  "app",
  "server",
  "common",
  "public",
  "package.json",
  "react-router.config.ts",
  "vite.config.ts",
  "vite.islands.config.ts",
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const built = [
  join("api", "server", "main.js"),
  "client",
  join("client", "islands", ".vite", "manifest.json"),
  join("server", "index.js"),
].every((part) => existsSync(join(root, "build", part)));
const builtAt = existsSync(bundle) && built ? statSync(bundle).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((source) => newestMtime(join(root, source))));
if (builtAt < sourcesAt) {
  console.log(
    builtAt === 0 ? "No build found: building the site first…" : "Sources changed: rebuilding…",
  );
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(bundle);
